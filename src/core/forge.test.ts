import { describe, expect, it } from 'vitest';
import { forgeLink, parseForgeRemote } from './forge.js';

describe('parseForgeRemote', () => {
  it('reads GitHub and GitLab remotes in their ssh, scp and https forms, dropping credentials, ports and .git', () => {
    expect(parseForgeRemote('git@github.com:steveyegge/beads.git')).toEqual({
      kind: 'github',
      url: 'https://github.com/steveyegge/beads',
    });
    expect(parseForgeRemote('https://x-access-token:ghp_secret@github.com/o/r.git\n')).toEqual({
      kind: 'github',
      url: 'https://github.com/o/r',
    });
    expect(parseForgeRemote('ssh://git@gitlab.example.com:2222/group/sub/repo.git')).toEqual({
      kind: 'gitlab',
      url: 'https://gitlab.example.com/group/sub/repo',
    });
    expect(parseForgeRemote('https://GitLab.com/g/r/')).toEqual({ kind: 'gitlab', url: 'https://gitlab.com/g/r' });
  });

  it('gives no forge for other hosts, local paths and one-part paths', () => {
    expect(parseForgeRemote('https://bitbucket.org/o/r.git')).toBeNull();
    expect(parseForgeRemote('/srv/git/repo.git')).toBeNull();
    expect(parseForgeRemote('https://github.com/justowner')).toBeNull();
    expect(parseForgeRemote('')).toBeNull();
  });
});

describe('forgeLink', () => {
  it('links commits and pull or merge requests the way each forge spells them, and refuses ids that are not', () => {
    const gh = { kind: 'github', url: 'https://github.com/o/r' } as const;
    const gl = { kind: 'gitlab', url: 'https://gitlab.com/g/r' } as const;
    expect(forgeLink(gh, 'commit', 'abc1234')).toBe('https://github.com/o/r/commit/abc1234');
    expect(forgeLink(gl, 'commit', 'abc1234')).toBe('https://gitlab.com/g/r/-/commit/abc1234');
    expect(forgeLink(gh, 'pull', 42)).toBe('https://github.com/o/r/pull/42');
    expect(forgeLink(gl, 'pull', '42')).toBe('https://gitlab.com/g/r/-/merge_requests/42');
    expect(forgeLink(gh, 'commit', 'HEAD~1')).toBeNull();
    expect(forgeLink(gh, 'pull', '4/../2')).toBeNull();
  });
});
