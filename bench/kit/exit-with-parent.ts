/**
 * Preloaded (`node --require`) into every process the bench starts: the runner holds an IPC channel to it, and
 * when the runner dies for any reason (even SIGKILL) the channel closes and this process ends too.
 */
process.on('disconnect', () => process.exit(1));
// The channel itself must not keep the process alive once it has nothing else to do.
process.channel?.unref();
