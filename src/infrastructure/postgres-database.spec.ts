import { asUnavailable, PostgresUnavailableError } from './postgres-database';

/** An error as node-postgres or a socket hands it over (`code`: a SQLSTATE or a system error name). */
const failure = (message: string, code?: string): Error => Object.assign(new Error(message), code ? { code } : {});

describe('asUnavailable: which PostgreSQL failures are a 503', () => {
  it.each([
    ['a refused connection', failure('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection', failure('read ECONNRESET', 'ECONNRESET')],
    ['a server shutting down (admin_shutdown)', failure('terminating connection due to administrator command', '57P01')],
    ['a server starting or stopping (cannot_connect_now)', failure('the database system is shutting down', '57P03')],
    ['a connection failure (class 08)', failure('connection failure', '08006')],
    ['too many connections', failure('sorry, too many clients already', '53300')],
    ['a connection that ended', failure('Connection terminated unexpectedly')],
    ['a pool that could not connect in time', failure('timeout exceeded when trying to connect')],
  ])('%s: unavailable, connection lost (a write in flight may have committed)', (_, error) => {
    const unavailable = asUnavailable(error);
    expect(unavailable).toBeInstanceOf(PostgresUnavailableError);
    expect(unavailable).toEqual(expect.objectContaining({ statusCode: 503, connectionLost: true, cause: error }));
  });

  it('a statement past statement_timeout: unavailable, and nothing was committed', () => {
    const error = failure('canceling statement due to statement timeout', '57014');
    expect(asUnavailable(error)).toEqual(expect.objectContaining({ statusCode: 503, connectionLost: false }));
  });

  it('an error from another realm (a socket error in a test sandbox) is recognised by its code, not its class', () => {
    const foreign = { message: 'connect ECONNREFUSED 127.0.0.1:5432', code: 'ECONNREFUSED' };
    expect(asUnavailable(foreign)).toBeInstanceOf(PostgresUnavailableError);
  });

  it.each([
    ['a constraint', failure('duplicate key value violates unique constraint', '23505')],
    ['a syntax error', failure('syntax error at or near "SELEC"', '42601')],
    ['a bug in the service', new TypeError("Cannot read properties of undefined (reading 'id')")],
  ])('%s: an answer, left as it is (a 500 or what its type says)', (_, error) => {
    expect(asUnavailable(error)).toBe(error);
  });
});
