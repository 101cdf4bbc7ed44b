import { liveDocumentNames, planAliasSwap } from './elasticsearch-rebuild-beside';

describe('the alias swap of an Elasticsearch rebuild beside the live indices', () => {
  it('puts each rebuilt index in its live name, removing a live concrete index in the same call', () => {
    // given: live indices that are concrete (a first rebuild), and the rebuilt ones beside them
    const live = { 'mp-docs-v2-users': ['mp-docs-v2-users'], 'mp-checkpoints-v2': ['mp-checkpoints-v2'] };
    const rebuilt = ['mp-rb1-docs-v2-users', 'mp-rb1-checkpoints-v2'];
    // when
    const swap = planAliasSwap(live, rebuilt, 'mp-', 'mp-rb1-');
    // then
    expect(swap).toEqual({
      actions: [
        { remove_index: { index: 'mp-docs-v2-users' } },
        { remove_index: { index: 'mp-checkpoints-v2' } },
        { add: { index: 'mp-rb1-docs-v2-users', alias: 'mp-docs-v2-users' } },
        { add: { index: 'mp-rb1-checkpoints-v2', alias: 'mp-checkpoints-v2' } },
      ],
      obsolete: [],
    });
  });

  it('moves a live alias from the previous rebuild to the new one and deletes the old index after', () => {
    // given: the live name is an alias of an earlier rebuild's index
    const swap = planAliasSwap({ 'mp-docs-v2-users': ['mp-rb1-docs-v2-users'] }, ['mp-rb2-docs-v2-users'], 'mp-', 'mp-rb2-');
    // then
    expect(swap).toEqual({
      actions: [
        { remove: { index: 'mp-rb1-docs-v2-users', alias: 'mp-docs-v2-users' } },
        { add: { index: 'mp-rb2-docs-v2-users', alias: 'mp-docs-v2-users' } },
      ],
      obsolete: ['mp-rb1-docs-v2-users'],
    });
  });

  it('removes a live collection the rebuilt log no longer fills', () => {
    const swap = planAliasSwap({ 'mp-docs-v2-gone': ['mp-docs-v2-gone'] }, [], 'mp-', 'mp-rb3-');
    expect(swap.actions).toEqual([{ remove_index: { index: 'mp-docs-v2-gone' } }]);
  });

  it('names the live document indices by their alias after a swap, by their own name before one', () => {
    const answer = {
      'mp-rb1-docs-v2-users': { aliases: { 'mp-docs-v2-users': {} } },
      'mp-docs-v2-listings': { aliases: {} },
    };
    expect(liveDocumentNames(answer, 'mp-docs-').sort()).toEqual(['mp-docs-v2-listings', 'mp-docs-v2-users']);
  });
});
