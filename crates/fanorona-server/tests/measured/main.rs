//! The tests that measure the server: a game's pace under attack (`abuse`), its processor time and memory under load
//! (`load`), lists on a quarter of a million stored events (`lists`). A binary of their own, and one at a time: the tests of a binary run in parallel threads of one process,
//! and the others of the suite (`tests/server`) start servers, hash passwords and play games in bursts, which a
//! measurement taken beside them reads as the server's own (a game's latency under attack was 0.4 to 5.8 times its
//! latency beside harmless requests with the suite beside it, 0.6 to 1.7 without). What else the machine does (a
//! build, `stress-ng --cpu 2`) each test cancels out itself.

mod abuse;
// The server tests' helpers, compiled in this binary too; it uses only some of them.
#[allow(dead_code)]
#[path = "../server/common.rs"]
mod common;
mod lists;
mod load;

/// Held by each test for its whole run, so that no two measure at once.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Waits for the other tests of this binary to be done, and keeps them waiting until the guard is dropped. A test
/// that failed while holding it poisoned it; the next one runs all the same.
fn alone() -> std::sync::MutexGuard<'static, ()> {
    ONE_AT_A_TIME.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The processor time the threads of process `pid` (a number, or `self`) whose names start with `named` have used so
/// far, in nanoseconds: of those running now, from Linux's `/proc/PID/task/*/schedstat` (0 where it cannot tell).
fn cpu_ns(pid: &str, named: &str) -> u64 {
    let Ok(tasks) = std::fs::read_dir(std::path::Path::new("/proc").join(pid).join("task")) else { return 0 };
    let used = |task: std::fs::DirEntry| {
        let name = std::fs::read_to_string(task.path().join("comm")).ok()?;
        let schedstat = std::fs::read_to_string(task.path().join("schedstat")).ok()?;
        let ns = schedstat.split_whitespace().next()?.parse::<u64>().ok()?;
        Some(if name.starts_with(named) { ns } else { 0 })
    };
    tasks.map_while(Result::ok).filter_map(used).sum()
}
