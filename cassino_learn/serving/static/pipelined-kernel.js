/* The pieces pipelined_kernel.py puts into JupyterLite's scripts, each after a line "//== name"
   and filled in with the names of the minified code it replaces ($-fields). */
//== service
try{/*cassino-learn pipelined_kernel.py: service*/
  let sent_;
  await ${lock}.runExclusive(async () => {
    await ${kernel}.ready;
    if ("execute_request" !== ${msg}.header.msg_type || "function" != typeof ${kernel}.pipelines_) {
      await ${kernel}.handleMessage(${msg});
      return;
    }
    let handed;
    const handedOn = new Promise((resolve) => { handed = resolve; });
    ${kernel}.handedOn_ = handed;
    sent_ = ${kernel}.handleMessage(${msg});
    try { await Promise.race([handedOn, sent_]); } finally { ${kernel}.handedOn_ = null; }
  });
  sent_ && await sent_;
}catch
//== kernel
/*cassino-learn pipelined_kernel.py: kernel*/
pipelines_() { return true; }
async executeRequest(${content}) {
  const parent = this.parent, count = this.executionCount;
  await this.ready;
  const asked = this._remoteKernel.execute(${content}, parent);
  this.handedOn_ && this.handedOn_();
  const ${result} = await asked;
  return ${result}.execution_count = count, ${result};
}
//== worker
/*cassino-learn pipelined_kernel.py: worker*/
inTurn_(f) {
  const r = (this.turn_ || Promise.resolve()).then(f);
  return this.turn_ = r.then(() => {}, () => {}), r;
}
//== request
${name}(${a}, ${b}) { return this.inTurn_(() => this.${name}_(${a}, ${b})); }
async ${name}_(${a}, ${b}) { await this.setup(${b});
