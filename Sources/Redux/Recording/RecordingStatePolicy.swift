/// Which entries of a recording carry the state after their action.
///
/// States make a recording self-contained (any step can be shown without replaying) but
/// larger. Whatever the policy, the final state is written when the recorder closes.
public enum RecordingStatePolicy: Sendable, Equatable {
    /// Every entry holds the state after its action.
    case everyAction
    /// Entries whose `seq` is a multiple of the interval hold the state after their action;
    /// the inspector replays the actions in between. A jump anywhere then replays fewer than
    /// `interval` actions: with 1,000, a millisecond or two, for a file about 1% larger than
    /// with `.never` (the shop example; `redux-bench goto`, `goto-sparse`).
    ///
    /// The interval must be 1 or more (`.every(1)` is ``everyAction``): creating a ``Recorder``
    /// with `.every(0)` or a negative interval is a programming error and stops the program,
    /// as `stride(from:to:by: 0)` does.
    case every(Int)
    /// No entry holds a state; the inspector replays from the initial state.
    case never

    /// Whether the entry numbered `seq` holds a state.
    @inlinable
    func recordsState(atSeq seq: Int) -> Bool {
        switch self {
        case .everyAction: true
        case .every(let interval): interval > 0 && seq % interval == 0
        case .never: false
        }
    }
}
