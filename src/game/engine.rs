//! Engine work beside the frames: [`EngineJob`] is the one way the game runs the engine, for the computer's turns
//! and hints, the review, the analysis board, the endgame tables and the title board. On the desktop the work runs
//! on a thread of its own; on the web (a page has no threads), or where a thread cannot be started, it takes slices
//! of the frames, all jobs together within one budget a frame ([`SliceBudget`]).

#[cfg(not(target_arch = "wasm32"))]
use std::sync::Arc;
#[cfg(not(target_arch = "wasm32"))]
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

use bevy::prelude::*;
use fanorona_ai::Resumable;
use web_time::Instant;

/// The least engine time a frame gives work done in slices (milliseconds): what a search needs to keep its pace at
/// 60 frames a second while the frame keeps half of its time.
pub const MIN_SLICE_MS: f64 = 8.0;
/// The most (milliseconds), however slow the frames: a frame of a software renderer takes 100 to 200 ms, and the
/// engine may take as long again, but a page must still answer a tap within a fifth of a second.
const MAX_SLICE_MS: f64 = 100.0;
/// Nodes (or table entries) between two looks at the clock in a slice.
const SLICE_STEP: u64 = 2_000;
/// Nodes between two looks at the stop flag on a thread (a few milliseconds of a search).
#[cfg(not(target_arch = "wasm32"))]
const THREAD_STEP: u64 = 20_000;

/// The engine time left in this frame for work done in slices, shared by every job in the frame's order: half of
/// the last frame's time, within [`MIN_SLICE_MS`] and [`MAX_SLICE_MS`]. Each job that has work does at least one
/// step a frame, so that none waits for another to finish.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct SliceBudget {
    left_ms: f64,
}

impl Default for SliceBudget {
    fn default() -> SliceBudget {
        SliceBudget { left_ms: MIN_SLICE_MS }
    }
}

impl SliceBudget {
    /// The budget of a frame after one that took `frame_ms`.
    pub fn after_frame(frame_ms: f64) -> SliceBudget {
        SliceBudget { left_ms: (frame_ms * 0.5).clamp(MIN_SLICE_MS, MAX_SLICE_MS) }
    }
}

/// Where a job stands.
pub enum Polled<W: Resumable> {
    /// Still working.
    Working,
    /// Done: the work's output, and the work itself (what it learned, such as a transposition table, for the next).
    Done(W::Output, W),
    /// The work stopped with a panic (the log says where); nothing comes of it.
    Failed,
}

/// Engine work running beside the frames. Dropping the job stops the work.
pub struct EngineJob<W: Resumable> {
    run: Run<W>,
}

/// What a thread gives back: the work's output and the work, or nothing if it was stopped.
#[cfg(not(target_arch = "wasm32"))]
type Finished<W> = Option<(<W as Resumable>::Output, W)>;

enum Run<W: Resumable> {
    /// On a thread of its own (desktop); the thread gives the work back with its output, or nothing if stopped.
    #[cfg(not(target_arch = "wasm32"))]
    Thread {
        handle: Option<std::thread::JoinHandle<Finished<W>>>,
        stop: Arc<AtomicBool>,
        /// The work's progress, as the bits of an `f32`.
        progress: Arc<AtomicU32>,
    },
    /// Stepped a slice a frame on the main thread; `None` once it has given its output.
    Sliced(Option<Box<W>>),
}

impl<W> EngineJob<W>
where
    W: Resumable + Send + 'static,
    W::Output: Send + 'static,
{
    /// Starts `work`: on a thread of its own on the desktop, in slices on the web (or if the thread cannot start).
    pub fn start(work: W) -> EngineJob<W> {
        #[cfg(not(target_arch = "wasm32"))]
        {
            let stop = Arc::new(AtomicBool::new(false));
            let progress = Arc::new(AtomicU32::new(0));
            let (thread_stop, thread_progress) = (Arc::clone(&stop), Arc::clone(&progress));
            // The work goes to the thread once it runs, so that it is still here if the thread cannot start.
            let (sender, receiver) = std::sync::mpsc::channel::<W>();
            let spawned = std::thread::Builder::new().name("engine".to_owned()).spawn(move || {
                let mut work = receiver.recv().ok()?;
                loop {
                    if let Some(output) = work.step(THREAD_STEP) {
                        return Some((output, work));
                    }
                    thread_progress.store(work.progress().to_bits(), Ordering::Relaxed);
                    if thread_stop.load(Ordering::Relaxed) {
                        // Nobody waits for this work any more.
                        return None;
                    }
                }
            });
            let handle = match spawned {
                Ok(handle) => handle,
                Err(e) => {
                    warn!("no thread for the engine ({e}): it works between frames instead");
                    return EngineJob::sliced(work);
                }
            };
            match sender.send(work) {
                Ok(()) => EngineJob { run: Run::Thread { handle: Some(handle), stop, progress } },
                Err(std::sync::mpsc::SendError(work)) => EngineJob::sliced(work),
            }
        }
        #[cfg(target_arch = "wasm32")]
        {
            EngineJob::sliced(work)
        }
    }

    /// Starts `work` in slices of the frames on the main thread.
    pub fn sliced(work: W) -> EngineJob<W> {
        EngineJob { run: Run::Sliced(Some(Box::new(work))) }
    }

    /// Advances the work (in slices: within what is left of the frame's `budget`) and says where it stands. Once it
    /// is done or failed, the job is over: drop it.
    pub fn poll(&mut self, budget: &mut SliceBudget) -> Polled<W> {
        match &mut self.run {
            #[cfg(not(target_arch = "wasm32"))]
            Run::Thread { handle, .. } => {
                let _ = budget;
                if !handle.as_ref().is_some_and(std::thread::JoinHandle::is_finished) {
                    return Polled::Working;
                }
                match handle.take().map(std::thread::JoinHandle::join) {
                    Some(Ok(Some((output, work)))) => Polled::Done(output, work),
                    Some(Ok(None)) | None => Polled::Failed,
                    Some(Err(_)) => {
                        error!("the engine's thread stopped with a panic");
                        Polled::Failed
                    }
                }
            }
            Run::Sliced(slot) => {
                let Some(work) = slot.as_mut() else { return Polled::Failed };
                let started = Instant::now();
                loop {
                    if let Some(output) = work.step(SLICE_STEP) {
                        budget.left_ms -= started.elapsed().as_secs_f64() * 1000.0;
                        return match slot.take() {
                            Some(work) => Polled::Done(output, *work),
                            None => Polled::Failed,
                        };
                    }
                    if started.elapsed().as_secs_f64() * 1000.0 >= budget.left_ms {
                        budget.left_ms = 0.0;
                        return Polled::Working;
                    }
                }
            }
        }
    }

    /// How far the work has come, from 0 to 1 (see [`Resumable::progress`]).
    pub fn progress(&self) -> f32 {
        match &self.run {
            #[cfg(not(target_arch = "wasm32"))]
            Run::Thread { progress, .. } => f32::from_bits(progress.load(Ordering::Relaxed)),
            Run::Sliced(work) => work.as_ref().map_or(1.0, |w| w.progress()),
        }
    }
}

impl<W: Resumable> Drop for EngineJob<W> {
    fn drop(&mut self) {
        #[cfg(not(target_arch = "wasm32"))]
        if let Run::Thread { stop, .. } = &self.run {
            stop.store(true, Ordering::Relaxed);
        }
    }
}

/// Gives each frame its engine time for work done in slices.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SliceBudget>().add_systems(First, renew_budget);
}

fn renew_budget(time: Res<Time<Real>>, mut budget: ResMut<SliceBudget>) {
    *budget = SliceBudget::after_frame(time.delta_secs_f64() * 1000.0);
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
    use std::time::{Duration, Instant};

    use super::*;

    /// Work that counts its steps, is done after `steps` of them (never, with `u64::MAX`), and says when it is dropped.
    struct Counting {
        steps: u64,
        done: Arc<AtomicU64>,
        dropped: Arc<AtomicBool>,
    }

    impl Counting {
        fn new(steps: u64) -> (Counting, Arc<AtomicU64>, Arc<AtomicBool>) {
            let (done, dropped) = (Arc::new(AtomicU64::new(0)), Arc::new(AtomicBool::new(false)));
            (Counting { steps, done: Arc::clone(&done), dropped: Arc::clone(&dropped) }, done, dropped)
        }
    }

    impl Resumable for Counting {
        type Output = u64;

        fn step(&mut self, _budget: u64) -> Option<u64> {
            let done = self.done.fetch_add(1, Ordering::Relaxed) + 1;
            (done >= self.steps).then_some(done)
        }
    }

    impl Drop for Counting {
        fn drop(&mut self) {
            self.dropped.store(true, Ordering::Relaxed);
        }
    }

    #[test]
    fn a_frame_gives_half_its_time_within_the_bounds() {
        assert_eq!(SliceBudget::after_frame(4.0), SliceBudget { left_ms: MIN_SLICE_MS });
        assert_eq!(SliceBudget::after_frame(40.0), SliceBudget { left_ms: 20.0 });
        assert_eq!(SliceBudget::after_frame(1_000.0), SliceBudget { left_ms: MAX_SLICE_MS });
    }

    #[test]
    fn sliced_work_takes_at_least_a_step_and_gives_back_its_output_and_itself() {
        let (work, done, _) = Counting::new(3);
        let mut job = EngineJob::sliced(work);
        // Nothing left of the frame: one step all the same, so that no job waits for another.
        let mut spent = SliceBudget { left_ms: 0.0 };
        assert!(matches!(job.poll(&mut spent), Polled::Working));
        assert_eq!(done.load(Ordering::Relaxed), 1);
        assert_eq!(spent.left_ms, 0.0);
        // A frame's budget is enough for the rest.
        let mut budget = SliceBudget::after_frame(16.0);
        match job.poll(&mut budget) {
            Polled::Done(output, work) => assert_eq!((output, work.steps), (3, 3)),
            _ => panic!("the work is done"),
        }
        assert!(budget.left_ms < SliceBudget::after_frame(16.0).left_ms, "the steps were counted against the frame");
    }

    #[test]
    fn a_job_on_a_thread_gives_back_its_output_and_stops_when_dropped() {
        let within = |what: &str, done: &dyn Fn() -> bool| {
            let started = Instant::now();
            while !done() {
                assert!(started.elapsed() < Duration::from_secs(10), "{what}");
                std::thread::sleep(Duration::from_millis(1));
            }
        };
        let (work, _, _) = Counting::new(1_000);
        let mut job = EngineJob::start(work);
        let mut budget = SliceBudget::default();
        let mut result = None;
        let started = Instant::now();
        while result.is_none() {
            assert!(started.elapsed() < Duration::from_secs(10), "the work did not finish");
            if let Polled::Done(output, _) = job.poll(&mut budget) {
                result = Some(output);
            }
        }
        assert_eq!(result, Some(1_000));
        // Work that never ends stops, and is dropped, once nobody holds its job.
        let (endless, steps, dropped) = Counting::new(u64::MAX);
        let job = EngineJob::start(endless);
        within("the work to start", &|| steps.load(Ordering::Relaxed) > 0);
        drop(job);
        within("the work to stop", &|| dropped.load(Ordering::Relaxed));
        let stopped_at = steps.load(Ordering::Relaxed);
        std::thread::sleep(Duration::from_millis(20));
        assert_eq!(steps.load(Ordering::Relaxed), stopped_at, "no step after it stopped");
    }
}
