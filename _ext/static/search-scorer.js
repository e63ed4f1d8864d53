/* The search's scorer (html_search_scorer, set by _ext/mechbook_assets.py):
 * Sphinx's own weights, and the API reference below the chapters. A word the
 * book teaches ("partial velocity", "bicycle") is also the name of a function
 * or module of mechlib, and an object's name scored above a chapter whose
 * title holds the word; a reader looking for the idea wants the chapter. An
 * API page still comes first when no chapter has the word. */
var Scorer = {
  score: (result) => {
    const [docname, , , , score] = result;
    return docname.startsWith("book/api") ? score - 30 : score;
  },
  // Sphinx 7.4's defaults (searchtools.js).
  objNameMatch: 11,
  objPartialMatch: 6,
  objPrio: { 0: 15, 1: 5, 2: -5 },
  objPrioDefault: 0,
  title: 15,
  partialTitle: 7,
  term: 5,
  partialTerm: 2,
};
