import { describe, expect, it } from 'vitest';
import { endsExchange, readFirstMessage, renameStatement, splitMessages } from './wire-messages.js';
import { protocolMessage as message } from '@server/testing/protocol-message.js';

const int16 = (n: number) => Buffer.from([n >> 8, n & 0xff]);

describe('the wire messages a shared PGlite session reads', () => {
  it('tells a startup packet, an SSL request and a cancel request apart, and waits for whole ones', () => {
    const startup = Buffer.alloc(23);
    startup.writeInt32BE(23, 0);
    startup.writeInt32BE(196_608, 4);
    startup.write('user\0pg\0\0', 8);
    expect(readFirstMessage(startup.subarray(0, 12))).toEqual({ kind: 'incomplete' });
    expect(readFirstMessage(startup)).toEqual({ kind: 'startup', length: 23 });
    const ssl = Buffer.alloc(8);
    ssl.writeInt32BE(8, 0);
    ssl.writeInt32BE(80_877_103, 4);
    expect(readFirstMessage(ssl)).toEqual({ kind: 'ssl-request', length: 8 });
    const cancel = Buffer.alloc(16);
    cancel.writeInt32BE(16, 0);
    cancel.writeInt32BE(80_877_102, 4);
    expect(readFirstMessage(cancel)).toEqual({ kind: 'cancel-request', length: 16 });
    const version2 = Buffer.alloc(8);
    version2.writeInt32BE(8, 0);
    version2.writeInt32BE(131_072, 4);
    expect(readFirstMessage(version2)).toEqual({ kind: 'unsupported' });
  });

  it('cuts whole messages off the front and leaves a partial one for later', () => {
    const parse = message('P', 'name', 'SELECT 1', int16(0));
    const sync = message('S');
    const bytes = Buffer.concat([parse, sync, message('Q', 'SELECT 2').subarray(0, 7)]);
    const { messages, used } = splitMessages(bytes);
    expect(messages.map((m) => m.toString('hex'))).toEqual([
      parse.toString('hex'),
      sync.toString('hex'),
    ]);
    expect(used).toBe(parse.length + sync.length);
    expect(endsExchange(sync)).toBe(true);
    expect(endsExchange(parse)).toBe(false);
  });

  it("prefixes a named statement's name wherever it is named, and fixes the length", () => {
    const renamed = (m: Buffer) => renameStatement(m, 'c7_');
    expect(renamed(message('P', 'page', 'SELECT $1', int16(0)))).toEqual(
      message('P', 'c7_page', 'SELECT $1', int16(0)),
    );
    expect(renamed(message('B', '', 'page', int16(0), int16(0), int16(0)))).toEqual(
      message('B', '', 'c7_page', int16(0), int16(0), int16(0)),
    );
    expect(renamed(message('D', Buffer.from('S'), 'page'))).toEqual(
      message('D', Buffer.from('S'), 'c7_page'),
    );
    expect(renamed(message('C', Buffer.from('S'), 'page'))).toEqual(
      message('C', Buffer.from('S'), 'c7_page'),
    );
  });

  it('leaves the unnamed statement, portals and other messages as they are', () => {
    const unnamed = message('P', '', 'SELECT 1', int16(0));
    expect(renameStatement(unnamed, 'c7_')).toBe(unnamed);
    const portal = message('D', Buffer.from('P'), '');
    expect(renameStatement(portal, 'c7_')).toBe(portal);
    const execute = message('E', '', Buffer.alloc(4));
    expect(renameStatement(execute, 'c7_')).toBe(execute);
  });

  it('keeps long names within the 63 bytes PostgreSQL reads, and apart', () => {
    const long = (end: string) => message('P', `${'x'.repeat(60)}${end}`, 'SELECT 1', int16(0));
    const names = ['a1', 'b2'].map((end) => {
      const renamed = renameStatement(long(end), 'c12_');
      expect(renamed.readInt32BE(1)).toBe(renamed.length - 1);
      return renamed.subarray(5, renamed.indexOf(0, 5)).toString();
    });
    expect(names[0]).not.toBe(names[1]);
    for (const name of names) expect(Buffer.byteLength(name)).toBeLessThanOrEqual(63);
  });

  it('refuses a message that declares an impossible length', () => {
    expect(() => splitMessages(Buffer.from([0x51, 0xff, 0xff, 0xff, 0xff]))).toThrow(/length/);
  });
});
