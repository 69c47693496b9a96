import Testing

extension Trait where Self == TimeLimitTrait {
    /// A time limit that fails a test which hangs, and never one that only waited its turn.
    ///
    /// Swift Testing counts a test's time from when the test is queued, not from when its body
    /// starts. Every test of a run is queued at once, and on two cores a test may wait most of
    /// the run (over a minute) before it starts, so a one-minute limit once failed a test that
    /// needed a tenth of a second. Five minutes is several times the whole run on two cores and
    /// still ends a hung run well inside the ten minutes CI allows.
    static var hangGuard: Self { .timeLimit(.minutes(5)) }
}
