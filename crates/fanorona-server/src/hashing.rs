//! The threads that hash and check passwords: a fixed pool of two, fed by a queue.
//!
//! argon2 takes 19 MiB and some tens of milliseconds of a core for each password. On tokio's blocking threads (up to
//! 512, each with an allocator arena of its own) a flood of logins grew the server without bound: each thread's
//! arena kept its freed blocks (+915 MiB in a 5 s burst from 8 connections, `guessing_passwords_takes_two_threads_
//! and_gives_its_memory_back` with this pool replaced by `spawn_blocking`). Two threads of their own keep what their
//! two arenas hold (up to about a dozen freed blocks, reused from then on: 226 MiB after 60 guesses, and no more
//! after the burst), whatever the flood, and a flood waits its turn in the queue instead of taking the machine's
//! cores.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex, PoisonError};

/// How many passwords are hashed or checked at once.
pub const HASHING_THREADS: usize = 2;

type Job = Box<dyn FnOnce() + Send>;

/// The pool; its threads end when it is dropped.
#[derive(Debug)]
pub struct HashingPool {
    jobs: mpsc::Sender<Job>,
    /// The jobs sent and not yet begun: a metric (a flood of logins shows there first).
    waiting: Arc<AtomicUsize>,
}

impl HashingPool {
    /// Starts the pool's threads.
    pub fn new() -> std::io::Result<HashingPool> {
        let (jobs, queue) = mpsc::channel::<Job>();
        let queue = Arc::new(Mutex::new(queue));
        for n in 0..HASHING_THREADS {
            let queue = Arc::clone(&queue);
            std::thread::Builder::new().name(format!("password-{n}")).spawn(move || {
                loop {
                    // One thread waits on the queue while the other works; the lock is let go before the job runs.
                    let job = queue.lock().unwrap_or_else(PoisonError::into_inner).recv();
                    match job {
                        Ok(job) => job(),
                        // The pool was dropped: the server is gone.
                        Err(mpsc::RecvError) => break,
                    }
                }
            })?;
        }
        Ok(HashingPool { jobs, waiting: Arc::new(AtomicUsize::new(0)) })
    }

    /// How many jobs wait for a thread.
    pub fn waiting(&self) -> usize {
        self.waiting.load(Ordering::Relaxed)
    }

    /// Runs `work` on a thread of the pool once the work queued before it is done; its result, or none if it
    /// panicked (the thread carries on with the next job).
    pub async fn run<T: Send + 'static>(&self, work: impl FnOnce() -> T + Send + 'static) -> Option<T> {
        let (sender, receiver) = tokio::sync::oneshot::channel();
        let waiting = Arc::clone(&self.waiting);
        waiting.fetch_add(1, Ordering::Relaxed);
        let job: Job = Box::new(move || {
            waiting.fetch_sub(1, Ordering::Relaxed);
            // Nobody waits for the result any more if the connection closed meanwhile: nothing to do then.
            let _ = sender.send(catch_unwind(AssertUnwindSafe(work)).ok());
        });
        if self.jobs.send(job).is_err() {
            // The job came back unrun, and with it dropped, its count would stay: taken off here.
            self.waiting.fetch_sub(1, Ordering::Relaxed);
            return None;
        }
        receiver.await.ok().flatten()
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::*;

    #[tokio::test]
    async fn the_jobs_beyond_the_threads_are_counted_as_waiting() {
        let pool = Arc::new(HashingPool::new().unwrap());
        let (release, gate) = mpsc::channel::<()>();
        let gate = Arc::new(Mutex::new(gate));
        // Each job holds its thread until it is let go: the first two run, the other three wait.
        let jobs: Vec<_> = (0..HASHING_THREADS + 3)
            .map(|_| {
                let (pool, gate) = (Arc::clone(&pool), Arc::clone(&gate));
                tokio::spawn(async move { pool.run(move || gate.lock().unwrap().recv().is_ok()).await })
            })
            .collect();
        let began = Instant::now();
        while pool.waiting() != 3 {
            assert!(began.elapsed() < Duration::from_secs(10), "{} waiting", pool.waiting());
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        for _ in 0..jobs.len() {
            release.send(()).unwrap();
        }
        for job in jobs {
            assert_eq!(job.await.unwrap(), Some(true));
        }
        assert_eq!(pool.waiting(), 0);
    }
}
