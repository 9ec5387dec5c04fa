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
use std::sync::mpsc;
use std::sync::{Arc, Mutex, PoisonError};

/// How many passwords are hashed or checked at once.
pub const HASHING_THREADS: usize = 2;

type Job = Box<dyn FnOnce() + Send>;

/// The pool; its threads end when it is dropped.
#[derive(Debug)]
pub struct HashingPool {
    jobs: mpsc::Sender<Job>,
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
        Ok(HashingPool { jobs })
    }

    /// Runs `work` on a thread of the pool once the work queued before it is done; its result, or none if it
    /// panicked (the thread carries on with the next job).
    pub async fn run<T: Send + 'static>(&self, work: impl FnOnce() -> T + Send + 'static) -> Option<T> {
        let (sender, receiver) = tokio::sync::oneshot::channel();
        let job: Job = Box::new(move || {
            // Nobody waits for the result any more if the connection closed meanwhile: nothing to do then.
            let _ = sender.send(catch_unwind(AssertUnwindSafe(work)).ok());
        });
        self.jobs.send(job).ok()?;
        receiver.await.ok().flatten()
    }
}
