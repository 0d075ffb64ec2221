/** Which proxy a main-process request takes (platform-api/proxy.ts): the environment's in web mode, Chromium's answer in Electron. */
import { describe, expect, it } from 'vitest';
import { proxyFromEnvironment, proxyFromPac } from '../../../platform-api/proxy.js';

const at = (url: string) => new URL(url);

describe('HTTPS_PROXY / HTTP_PROXY / NO_PROXY', () => {
  it('sends https through HTTPS_PROXY and http through HTTP_PROXY; a bare host:port is an http proxy', () => {
    const proxyFor = proxyFromEnvironment({ HTTPS_PROXY: 'proxy.corp:3128', http_proxy: 'http://plain.corp:8080' });
    expect(String(proxyFor(at('https://open.example-platform.com/v2/')))).toBe('http://proxy.corp:3128/');
    expect(String(proxyFor(at('http://upload.example-platform.com/')))).toBe('http://plain.corp:8080/');
    expect(proxyFromEnvironment({})(at('https://open.example-platform.com/'))).toBeNull();
  });

  it('goes direct to what NO_PROXY names: hosts, domain suffixes, ports, or everything', () => {
    const proxyFor = proxyFromEnvironment({ HTTPS_PROXY: 'http://proxy.corp:3128', NO_PROXY: 'localhost, .internal.corp,api.partner.com:8443, [::1]' });
    expect(proxyFor(at('https://localhost/'))).toBeNull();
    expect(proxyFor(at('https://a.internal.corp/'))).toBeNull();
    expect(proxyFor(at('https://internal.corp/'))).toBeNull();
    expect(proxyFor(at('https://api.partner.com:8443/'))).toBeNull();
    expect(proxyFor(at('https://api.partner.com/'))).not.toBeNull();
    expect(proxyFor(at('https://[::1]:9000/'))).toBeNull();
    expect(proxyFor(at('https://notinternal.corp/'))).not.toBeNull();
    expect(proxyFromEnvironment({ HTTPS_PROXY: 'http://proxy.corp:3128', NO_PROXY: '*' })(at('https://anything.com/'))).toBeNull();
  });
});

describe("Chromium's answer (session.resolveProxy)", () => {
  it('takes the first PROXY or DIRECT, skipping kinds it cannot speak', () => {
    expect(proxyFromPac('DIRECT')).toBeNull();
    expect(String(proxyFromPac('PROXY proxy.corp:8080; DIRECT'))).toBe('http://proxy.corp:8080/');
    const skipped: string[] = [];
    expect(String(proxyFromPac('SOCKS5 socks.corp:1080; PROXY proxy.corp:8080', (entry) => skipped.push(entry)))).toBe('http://proxy.corp:8080/');
    expect(skipped).toEqual(['SOCKS5 socks.corp:1080']);
    expect(proxyFromPac('')).toBeNull();
  });
});
