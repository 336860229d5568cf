// Starts Pyodide under Node.js with a host folder mounted at /job and runs the compiler there:
// node compile_in_pyodide.js PYODIDE_JS JOB_FOLDER SCRIPT
const [pyodideJs, job, script] = process.argv.slice(2);
const {loadPyodide} = require(pyodideJs);
loadPyodide().then((pyodide) => {
  pyodide.FS.mkdirTree("/job");
  pyodide.mountNodeFS("/job", job);
  pyodide.runPython(require("fs").readFileSync(script, "utf8"));
}).catch((error) => { console.error(error); process.exit(1); });
