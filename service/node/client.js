// A Node.js client of the goap planning service, schema version 1 (see
// the Go package github.com/goap-go/goap/service for the schema). It
// proves the protocol is plain NATS and JSON: nothing here is Go.
"use strict";

const crypto = require("node:crypto");
const { connect, JSONCodec } = require("nats");

const VERSION = 1;
const jc = JSONCodec();

// hashDomain names a domain's text as the service does: "sha256:" and
// the hex SHA-256 of its bytes.
function hashDomain(text) {
  return "sha256:" + crypto.createHash("sha256").update(text).digest("hex");
}

class Client {
  // connect opens a connection to servers (a NATS URL), with options
  // passed to the nats package (user, pass, token...).
  static async connect(servers, options = {}) {
    const nc = await connect({ servers, ...options });
    return new Client(nc, options.prefix || "goap");
  }

  constructor(nc, prefix = "goap") {
    this.nc = nc;
    this.prefix = prefix;
  }

  // plan sends one request ({domain_text or domain, goal or conds,
  // state, exclude, options}) and resolves to its reply.
  async plan(request, timeout = 10000) {
    const m = await this.nc.request(`${this.prefix}.v1.plan`, jc.encode({ v: VERSION, ...request }), { timeout });
    return jc.decode(m.data);
  }

  // planBatch sends many problems in one message and resolves to the
  // replies, in order.
  async planBatch(problems, timeout = 30000) {
    const m = await this.nc.request(`${this.prefix}.v1.batch`, jc.encode({ v: VERSION, problems }), { timeout });
    const reply = jc.decode(m.data);
    if (reply.error) throw new Error(`${reply.error.code}: ${reply.error.message}`);
    return reply.replies;
  }

  // putDomain puts a domain's text in the service's store (a JetStream
  // object store, so any size travels) and resolves to its hash, for
  // requests' "domain".
  async putDomain(text) {
    const hash = hashDomain(text);
    const os = await this.nc.jetstream().views.os("goap_domains");
    const name = hash.slice("sha256:".length);
    if (!(await os.info(name))) {
      await os.putBlob({ name }, new TextEncoder().encode(text));
    }
    return hash;
  }

  async close() {
    await this.nc.close();
  }
}

module.exports = { Client, hashDomain, VERSION };
