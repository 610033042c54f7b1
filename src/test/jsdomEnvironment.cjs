// jsdom, plus the web platform globals that Node has and jsdom lacks (fetch and friends,
// encoders, streams), so that RTK Query talks HTTP for real in component tests.
const JSDOMEnvironment = require('jest-environment-jsdom').default;

class JsdomWithNodeGlobals extends JSDOMEnvironment {
  constructor(...args) {
    super(...args);
    // Node resolution, not browser bundles: jsdom is not a browser.
    this.customExportConditions = [''];
    Object.assign(this.global, {
      TextDecoder, TextEncoder, ReadableStream, TransformStream, WritableStream,
      Blob, File, FormData, Headers, Request, Response, fetch, AbortController, AbortSignal,
      structuredClone, URL, URLSearchParams, BroadcastChannel,
    });
  }
}

module.exports = JsdomWithNodeGlobals;
