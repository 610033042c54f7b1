// Ends every jest run with one line CI can count: 'N passed, N failed' (', N skipped' if any).
// Printed when the process exits, after jest's own summary, so it is the last line.
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    const line = `${results.numPassedTests} passed, ${results.numFailedTests} failed`;
    process.once('exit', () => {
      process.stderr.write(`\n${line}${skipped ? `, ${skipped} skipped` : ''}\n`);
    });
  }
}

module.exports = SummaryReporter;
