// MathJax 3 set-up. The renderer itself is vendored (javascripts/vendor/mathjax/, see PROVENANCE
// there), so every formula renders with no network.
//
// Only these parts of a page are typeset, so a "$" anywhere else (prose, code, outputs) stays text:
// - .arithmatex: Markdown pages, where pymdownx.arithmatex (generic mode) wraps \(...\) / \[...\];
// - .jp-RenderedMarkdown: notebook markdown cells (mkdocs-jupyter), which keep $...$ / $$...$$;
// - .md-nav__link: the table of contents, which repeats headings such as "... $W_1$".
const MATH_ROOTS = ".arithmatex, .jp-RenderedMarkdown, .md-nav__link";

function typesetMathRoots() {
  return window.MathJax.typesetPromise(Array.from(document.querySelectorAll(MATH_ROOTS)));
}

window.MathJax = {
  tex: {
    inlineMath: [["\\(", "\\)"], ["$", "$"]],
    displayMath: [["\\[", "\\]"], ["$$", "$$"]],
    processEscapes: true,
  },
  options: {
    // the context menu can load accessibility components on demand: keep it off so nothing
    // is ever requested beyond the one vendored file
    enableMenu: false,
  },
  svg: { fontCache: "global" },
  startup: {
    typeset: false,  // not the whole document: only MATH_ROOTS, below
    pageReady() {
      return window.MathJax.startup.defaultPageReady().then(typesetMathRoots);
    },
  },
};

// mkdocs-material emits document$ on every page view; chain on MathJax's own promise so two
// typesetting passes never overlap (a second pass over typeset maths finds nothing)
document$.subscribe(() => {
  const startup = window.MathJax.startup;
  if (startup && startup.promise) {
    startup.promise = startup.promise.then(typesetMathRoots);
  }
});
