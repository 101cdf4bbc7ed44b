import { ApiError } from '../../shared/api-error';
import { attachFiles, AttachableFile, AttachRequest, MAX_MESSAGE_ATTACHMENTS } from './file-attachments';

const me = 'user-me';
const file = (over: Partial<AttachableFile> = {}): AttachableFile => ({ ownerId: me, state: 'available', deleted: false, ...over });
const files = new Map<string, AttachableFile>([
  ['f-ok', file()],
  ['f-verifying', file({ state: 'pendingVerification' })],
  ['f-pending-upload', file({ state: 'pendingUpload' })],
  ['f-failed', file({ state: 'verificationFailed' })],
  ['f-deleted', file({ deleted: true })],
  ['f-other', file({ ownerId: 'someone-else' })],
  ['f-marketplace', file({ ownerId: null })],
]);

/** given(the files and what the resource has) .when(a request names file ids) .then(attachments) / .thenRefuses(paths) */
const given = (existing: AttachRequest['existing'] = [], ownerId: string | null = me) => ({
  when: (fileIds: string[], max = MAX_MESSAGE_ATTACHMENTS) => {
    const request: AttachRequest = { field: 'publicFileAttachments', fileIds, files, ownerId, max, newIds: fileIds.map((_f, i) => `a${i}`), existing };
    return {
      then: (expected: unknown) => expect(attachFiles(request)).toEqual(expected),
      thenRefuses: (paths: string[][]) => {
        let thrown: unknown;
        try {
          attachFiles(request);
        } catch (error) {
          thrown = error;
        }
        expect(thrown).toBeInstanceOf(ApiError);
        expect((thrown as ApiError).items.map((i) => [i.status, i.code])).toEqual(paths.map(() => [400, 'validation-invalid-value']));
        expect((thrown as ApiError).items.map((i) => i.source?.path)).toEqual(paths);
      },
    };
  },
});

describe('attaching files (the rule of messages and listings)', () => {
  it("given the sender's uploaded files, when attached, then one attachment each, in order, with the ids made before the decision", () => {
    given().when(['f-verifying', 'f-ok']).then([
      { attachmentId: 'a0', fileId: 'f-verifying' },
      { attachmentId: 'a1', fileId: 'f-ok' },
    ]);
  });

  it('given the same file twice, then it is attached once, at its first place', () => {
    given().when(['f-ok', 'f-ok']).then([{ attachmentId: 'a0', fileId: 'f-ok' }]);
  });

  it('refuses missing, not uploaded, failed, deleted and other users\' files, each at its own path', () => {
    given().when(['f-ok', 'nope', 'f-pending-upload', 'f-failed', 'f-deleted', 'f-other', 'f-marketplace']).thenRefuses(
      ['1', '2', '3', '4', '5', '6'].map((i) => ['publicFileAttachments', i, 'fileId']),
    );
  });

  it('refuses more files than the maximum at the list itself', () => {
    given().when(Array.from({ length: 11 }, () => 'f-ok')).thenRefuses([['publicFileAttachments']]);
  });

  it('given the operator (no owner), then any uploaded file of the marketplace', () => {
    given([], null).when(['f-other', 'f-marketplace']).then([
      { attachmentId: 'a0', fileId: 'f-other' },
      { attachmentId: 'a1', fileId: 'f-marketplace' },
    ]);
  });

  it('given files already attached, when the whole list is sent again, then those keep their attachments and are not checked again', () => {
    const existing = [{ attachmentId: 'old', fileId: 'f-deleted' }];
    given(existing).when(['f-ok', 'f-deleted']).then([
      { attachmentId: 'a0', fileId: 'f-ok' },
      { attachmentId: 'old', fileId: 'f-deleted' },
    ]);
    given(existing).when([]).then([]);
  });
});
