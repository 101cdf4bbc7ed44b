import { specFor } from '../../../test/support/given-when-then';
import { ApiError } from '../../shared/api-error';
import { fileDecider, FileCommand, storedFileOf } from './file.decider';
import type { FileCreatedData, FileEvent } from './file.events';
import { verdictOf } from './file-signatures';

const owner = '44444444-4444-4444-8444-444444444444';
const file: FileCreatedData = {
  fileId: '33333333-3333-4333-8333-333333333333',
  ownerId: owner,
  name: 'contract.pdf',
  mimeType: 'application/pdf',
  size: 1234,
  createdAt: '2026-03-01T10:00:00.000Z',
};
const now = new Date('2026-03-01T10:05:00.000Z');
const created: FileEvent = { type: 'file/created', data: file };
const received: FileEvent = { type: 'file/upload-received', data: { uploadId: 'u1', blobKey: 'files/m/f/u1', size: 1234, receivedAt: now.toISOString() } };
const create = (overrides: Partial<FileCreatedData> = {}, maxBytes = 1_073_741_824): FileCommand => ({ type: 'create', file: { ...file, ...overrides }, maxBytes });
const issue = (actor: { kind: 'user'; userId: string } | { kind: 'operator' } = { kind: 'user', userId: owner }): FileCommand => ({
  type: 'issue-upload-url',
  actor,
  uploadId: 'u2',
  expiresAt: now,
});
const receive = (size = 1234): FileCommand => ({ type: 'receive-upload', uploadId: 'u1', blobKey: 'files/m/f/u1', size, now });

const pathOf = (fn: () => unknown): string[] | undefined => {
  try {
    fn();
  } catch (error) {
    return (error as ApiError).items[0].source?.path;
  }
  throw new Error('expected an error');
};

describe('file decider', () => {
  const given = specFor(fileDecider);

  describe('create', () => {
    it('given nothing, when created, then file/created and the file is pendingUpload', () => {
      given([]).when(create()).then([created]);
      expect(storedFileOf(given([created]).state)).toMatchObject({ state: 'pendingUpload', deleted: false, ownerId: owner });
    });
    it('given a file, when created again under its id, then conflict', () => {
      given([created]).when(create()).thenThrows('conflict');
    });
    it.each([
      ['a blocked MIME type', { mimeType: 'application/x-msdownload' }, 'mimeType'],
      ['a blocked MIME type in other case with parameters', { mimeType: 'Application/X-SH; charset=utf-8' }, 'mimeType'],
      ['a MIME type without subtype', { mimeType: 'pdf' }, 'mimeType'],
      ['a MIME type with a control character in a parameter', { mimeType: 'text/plain; x=\u0001' }, 'mimeType'],
      ['a MIME type with a line break', { mimeType: 'text/plain\r\nX-Injected: 1' }, 'mimeType'],
      ['a MIME type with a non-ASCII parameter', { mimeType: 'text/plain; name=é' }, 'mimeType'],
      ['an empty name', { name: '' }, 'name'],
      ['a name of 256 characters', { name: 'x'.repeat(256) }, 'name'],
      ['size 0', { size: 0 }, 'size'],
      ['a fractional size', { size: 1.5 }, 'size'],
      ['a size over 1 GB', { size: 1_073_741_825 }, 'size'],
    ])('given nothing, when created with %s, then 400 validation-invalid-value at that key', (_name, overrides, path) => {
      given([]).when(create(overrides)).thenThrows('validation-invalid-value');
      expect(pathOf(() => fileDecider.decide(create(overrides), fileDecider.initialState()))).toEqual([path]);
    });
    it('given a configured maximum, when the size is over it, then 400 at size', () => {
      given([]).when(create({ size: 101 }, 100)).thenThrows('validation-invalid-value');
      given([]).when(create({ size: 100 }, 100)).then([{ type: 'file/created', data: { ...file, size: 100 } }]);
    });
  });

  describe('upload links', () => {
    it('given a pendingUpload file, when its owner asks for a link, then one is recorded (each time)', () => {
      given([created]).when(issue()).then([{ type: 'file/upload-url-issued', data: { uploadId: 'u2', expiresAt: now.toISOString() } }]);
      expect(given([created, ...given([created]).when(issue()).events()]).when(issue()).events()).toHaveLength(1);
    });
    it('given a file of another user, when a user asks for a link, then not found; the operator may', () => {
      given([created]).when(issue({ kind: 'user', userId: 'someone-else' })).thenThrows('not-found');
      expect(given([created]).when(issue({ kind: 'operator' })).events()).toHaveLength(1);
    });
    it('given no file, when a link is asked for, then not found', () => {
      given([]).when(issue()).thenThrows('not-found');
    });
    it('given an uploaded file, when a link is asked for, then 409 file-not-pending-upload', () => {
      given([created, received]).when(issue()).thenThrows('file-not-pending-upload');
    });
  });

  describe('uploads', () => {
    it('given a pendingUpload file, when bytes of the declared size arrive, then pendingVerification', () => {
      given([created]).when(receive()).then([received]);
      expect(storedFileOf(given([created, received]).state)!.state).toBe('pendingVerification');
    });
    it('given a pendingUpload file, when bytes of another size arrive, then 400', () => {
      given([created]).when(receive(1233)).thenThrows('file-size-mismatch');
    });
    it('given an uploaded file, when a second upload arrives, then 409 (links are single use)', () => {
      given([created, received]).when(receive()).thenThrows('file-not-pending-upload');
    });
  });

  describe('verification', () => {
    const verify = (result: 'available' | 'verificationFailed'): FileCommand => ({ type: 'verify', result, reason: result === 'available' ? null : 'ELF', now });
    it('given an upload, when verified, then available (or verificationFailed with its reason)', () => {
      given([created, received]).when(verify('available')).then([{ type: 'file/verified', data: { result: 'available', reason: null, verifiedAt: now.toISOString() } }]);
      const failed = given([created, received]).when(verify('verificationFailed')).events();
      expect(storedFileOf(given([created, received, ...failed]).state)!.state).toBe('verificationFailed');
    });
    it('given a verified file, when verified again (a redelivered event), then nothing', () => {
      const verified = given([created, received]).when(verify('available')).events();
      given([created, received, ...verified]).when(verify('verificationFailed')).thenNothing();
    });
    it('given a file not uploaded yet, when verified, then nothing', () => {
      given([created]).when(verify('available')).thenNothing();
    });
  });
});

describe('content verdicts', () => {
  const padded = (bytes: number[] | string, at = 0, length = 0x9100) => {
    const b = Buffer.alloc(length, 0x20);
    Buffer.from(typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : bytes).copy(b, at);
    return b;
  };
  it.each([
    ['a Windows executable', padded('MZ')],
    ['an ELF binary', padded('\x7fELF')],
    ['a Mach-O binary', padded([0xcf, 0xfa, 0xed, 0xfe])],
    ['a shell script', padded('#!/bin/sh\n')],
    ['an ISO 9660 image', padded('CD001', 0x8001)],
  ])('given %s, then verificationFailed', (_name, head) => {
    expect(verdictOf(head, 10, 10).result).toBe('verificationFailed');
  });
  it('given a PDF of the declared size, then available', () => {
    expect(verdictOf(Buffer.from('%PDF-1.7\n'), 9, 9)).toEqual({ result: 'available', reason: null });
  });
  it('given a stored size other than declared, then verificationFailed', () => {
    expect(verdictOf(Buffer.from('%PDF-1.7\n'), 9, 10).result).toBe('verificationFailed');
  });
});
