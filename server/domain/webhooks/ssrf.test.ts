import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addressRefusal, checkTarget, TargetRefused, type Lookup } from "./ssrf";
import { sendPinned } from "./send";

describe("addressRefusal", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.9.9.9", "loopback"],
    ["10.0.0.1", "private"],
    ["10.255.255.255", "private"],
    ["172.16.5.4", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "link-local"],
    ["100.100.100.200", "carrierGradeNat"],
    ["0.0.0.0", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["::1", "loopback"],
    ["::", "unspecified"],
    ["fe80::1", "link-local"],
    ["fd00:ec2::254", "private"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:169.254.169.254", "link-local"],
    ["::127.0.0.1", "loopback"],
    // The same written as URLs normalise it ([::127.0.0.1] → [::7f00:1]): IPv4-compatible, reserved.
    ["::7f00:1", "reserved"],
    ["::a00:1", "reserved"],
    ["[::a9fe:a9fe]", "reserved"],
    ["168.63.129.16", "metadata"],
  ])("refuses %s", (address, why) => {
    expect(addressRefusal(address)).toContain(why);
  });

  it.each(["93.184.215.14", "8.8.8.8", "2606:4700:4700::1111"])("allows public %s", (address) => {
    expect(addressRefusal(address)).toBeNull();
  });
});

describe("checkTarget", () => {
  const fixed =
    (...addresses: string[]): Lookup =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));

  it("requires https unless private targets are allowed", async () => {
    await expect(checkTarget("http://example.com/hook", { allowPrivate: false, lookup: fixed("93.184.215.14") })).rejects.toThrow("https");
    await expect(checkTarget("ftp://example.com/", { allowPrivate: true })).rejects.toThrow(TargetRefused);
    await expect(checkTarget("not a url", { allowPrivate: false })).rejects.toThrow("absolute URL");
    await expect(checkTarget("https://user:pw@example.com/", { allowPrivate: false, lookup: fixed("93.184.215.14") })).rejects.toThrow(
      "credentials",
    );
    const ok = await checkTarget("http://127.0.0.1:9/x", { allowPrivate: true });
    expect(ok.address).toEqual({ address: "127.0.0.1", family: 4 });
  });

  it.each([
    "https://127.0.0.1/",
    "https://10.1.2.3/",
    "https://169.254.169.254/latest/meta-data/",
    "https://[::1]/",
    "https://[::127.0.0.1]/",
    "https://2130706433/",
    "https://0x7f.1/",
  ])("refuses the literal target %s", async (url) => {
    await expect(checkTarget(url, { allowPrivate: false })).rejects.toThrow("refused address");
  });

  it("refuses a host when any address it resolves to is internal", async () => {
    await expect(
      checkTarget("https://hooks.example.com/", { allowPrivate: false, lookup: fixed("93.184.215.14", "10.0.0.7") }),
    ).rejects.toThrow("10.0.0.7");
    const ok = await checkTarget("https://hooks.example.com/", { allowPrivate: false, lookup: fixed("93.184.215.14") });
    expect(ok.address.address).toBe("93.184.215.14");
  });

  it("refuses a host that does not resolve", async () => {
    const failing: Lookup = async () => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" });
    };
    await expect(checkTarget("https://nowhere.invalid/", { allowPrivate: false, lookup: failing })).rejects.toThrow("does not resolve");
  });

  it("resolves names through the system resolver (localhost is loopback)", async () => {
    await expect(checkTarget("https://localhost/", { allowPrivate: false })).rejects.toThrow("loopback");
  });
});

describe("sendPinned", () => {
  let server: http.Server;
  let port = 0;
  const seen: { host?: string; body: string; path?: string }[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        seen.push({ host: req.headers.host, body, path: req.url });
        if (req.url === "/redirect") {
          res.writeHead(302, { location: "http://127.0.0.1/elsewhere" }).end();
        } else if (req.url === "/slow") {
          setTimeout(() => res.writeHead(200).end("late"), 2_000);
        } else {
          res.writeHead(200, { "content-type": "text/plain" }).end("x".repeat(5000));
        }
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("connects to the checked address, not to what the name resolves to now", async () => {
    // The name does not resolve at all: only the pinned address can have been used.
    const url = new URL(`http://rebind.invalid:${port}/hook`);
    const r = await sendPinned({ url, address: { address: "127.0.0.1", family: 4 } }, '{"a":1}', { "content-type": "application/json" });
    expect(r).toMatchObject({ ok: true, statusCode: 200, error: null });
    expect(r.responseBody).toHaveLength(1024);
    expect(seen.at(-1)).toEqual({ host: `rebind.invalid:${port}`, body: '{"a":1}', path: "/hook" });
  });

  it("does not follow redirects", async () => {
    const url = new URL(`http://127.0.0.1:${port}/redirect`);
    const r = await sendPinned({ url, address: { address: "127.0.0.1", family: 4 } }, "{}", {});
    expect(r).toMatchObject({ ok: false, statusCode: 302 });
    expect(r.error).toContain("redirect");
    await new Promise((r) => setTimeout(r, 50));
    expect(seen.some((s) => s.path === "/elsewhere")).toBe(false);
  });

  it("gives up after the timeout", async () => {
    const url = new URL(`http://127.0.0.1:${port}/slow`);
    const r = await sendPinned({ url, address: { address: "127.0.0.1", family: 4 } }, "{}", {}, { timeoutMs: 200 });
    expect(r).toMatchObject({ ok: false, statusCode: null });
    expect(r.error).toContain("timed out");
  });

  it("reports a refused connection", async () => {
    const url = new URL("http://127.0.0.1:9/closed");
    const r = await sendPinned({ url, address: { address: "127.0.0.1", family: 4 } }, "{}", {});
    expect(r).toMatchObject({ ok: false, statusCode: null });
    expect(r.error).toContain("ECONNREFUSED");
  });
});
