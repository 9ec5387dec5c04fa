//! Where the server reads the time: the system clock in service, a clock moved by hand in tests.

use std::fmt::Debug;
use std::future::Future;
use std::pin::Pin;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use tokio::sync::watch;

/// A wait on a [`Clock`] ([`Clock::sleep_until`]).
pub type Sleep = Pin<Box<dyn Future<Output = ()> + Send>>;

/// The wall clock the game clocks are measured on, in milliseconds since the Unix epoch. Wall time (not a monotonic
/// instant) because it is stored with every turn and must still mean something after a restart.
pub trait Clock: Debug + Send + Sync {
    /// The time now.
    fn now_ms(&self) -> i64;

    /// Completes once the clock reads `at_ms` or later: at once if it already does.
    fn sleep_until(&self, at_ms: i64) -> Sleep;
}

/// A duration in the milliseconds of a [`Clock`]; one too long to count there never ends.
pub fn millis(duration: Duration) -> i64 {
    i64::try_from(duration.as_millis()).unwrap_or(i64::MAX)
}

/// The system's clock.
#[derive(Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now_ms(&self) -> i64 {
        // A clock set before 1970 reads as 1970: the game clocks then stand still instead of the server failing.
        SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, millis)
    }

    fn sleep_until(&self, at_ms: i64) -> Sleep {
        // Timed on tokio's monotonic clock from now on: a wall clock set back or forward meanwhile (by NTP, by hand)
        // neither stretches nor cuts a wait under way.
        let wait = u64::try_from(at_ms.saturating_sub(self.now_ms())).unwrap_or(0);
        Box::pin(tokio::time::sleep(Duration::from_millis(wait)))
    }
}

/// A clock that stands still until moved, so that tests can let minutes pass without waiting.
#[derive(Debug)]
pub struct ManualClock(watch::Sender<i64>);

impl ManualClock {
    /// A clock reading `now_ms`.
    pub fn new(now_ms: i64) -> ManualClock {
        ManualClock(watch::Sender::new(now_ms))
    }

    /// Moves the clock forward, waking whatever waits for a time it now reads.
    pub fn advance(&self, by: Duration) {
        self.0.send_modify(|now| *now = now.saturating_add(millis(by)));
    }
}

impl Clock for ManualClock {
    fn now_ms(&self) -> i64 {
        *self.0.borrow()
    }

    fn sleep_until(&self, at_ms: i64) -> Sleep {
        let mut now = self.0.subscribe();
        Box::pin(async move {
            // Woken at each move of the clock, not polled. A clock dropped before it reached the time never will.
            let reached = now.wait_for(|now| *now >= at_ms).await.is_ok();
            if !reached {
                std::future::pending::<()>().await;
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::task::{Context, Poll, Wake, Waker};

    use super::*;

    /// A waker that notes that it was woken.
    struct Woken(AtomicBool);

    impl Wake for Woken {
        fn wake(self: Arc<Self>) {
            self.0.store(true, Ordering::SeqCst);
        }
    }

    #[test]
    fn a_manual_clock_wakes_a_sleep_once_moved_to_its_time() {
        let clock = ManualClock::new(1_000);
        let woken = Arc::new(Woken(AtomicBool::new(false)));
        let waker = Waker::from(Arc::clone(&woken));
        let mut context = Context::from_waker(&waker);
        let mut sleep = clock.sleep_until(3_000);
        assert!(sleep.as_mut().poll(&mut context).is_pending());
        clock.advance(Duration::from_millis(1_999));
        assert!(sleep.as_mut().poll(&mut context).is_pending(), "a millisecond early");
        woken.0.store(false, Ordering::SeqCst);
        clock.advance(Duration::from_millis(1));
        // Woken by the move itself: nothing polls a sleep until then.
        assert!(woken.0.load(Ordering::SeqCst), "not woken");
        assert_eq!(sleep.as_mut().poll(&mut context), Poll::Ready(()));
        // A time already passed is no wait.
        assert_eq!(clock.sleep_until(2_000).as_mut().poll(&mut context), Poll::Ready(()));
    }
}
