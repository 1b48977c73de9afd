// CPU time a server process has used, for benches that run the server as a child process.
const fs = require('fs');

/**
 * CPU time (ms, user + system) a process has used so far, from /proc (Linux); null elsewhere.
 * Per request it shows what a route costs the server whatever share of the cores it got, so
 * figures from a loaded, shared box still compare (req/s and ratios there move with the load).
 */
function processCpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/** CPU time (ms) of every PostgreSQL process on this machine (the bench's database is the only busy one when it runs alone). */
function postgresCpuMs() {
  let total = 0;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue;
    }
    total += processCpuMs(pid) ?? 0;
  }
  return total;
}

module.exports = { processCpuMs, postgresCpuMs };
