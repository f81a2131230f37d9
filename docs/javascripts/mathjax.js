// MathJax set-up for pymdownx.arithmatex (generic mode): $...$ and $$...$$ in the pages.
window.MathJax = {
  tex: { inlineMath: [["\\(", "\\)"]], displayMath: [["\\[", "\\]"]], processEscapes: true },
  options: { ignoreHtmlClass: ".*|", processHtmlClass: "arithmatex" },
};
document$.subscribe(() => { MathJax.typesetPromise(); });
