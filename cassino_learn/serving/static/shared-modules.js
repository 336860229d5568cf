/*cassino-learn shared_modules.py*/
// A widget module given as text is imported once per page and shared by every widget of its
// class, as a module given by address is: a failed import is tried again by the next widget.
var modulesByText_ = new Map();
function loadEsm(esm) {
    if (isHref(esm)) return loadEsmAfresh_(esm);
    var found = modulesByText_.get(esm);
    if (!found) {
        found = loadEsmAfresh_(esm);
        modulesByText_.set(esm, found);
        found.catch(function () { modulesByText_.delete(esm); });
    }
    return found;
}
function loadEsmAfresh_(esm) {
