/// What a `step` session answers to one command, before it is written as text or JSON.
///
/// ``StepSession`` produces replies; ``StepTextRenderer`` and ``StepJSONRenderer`` write them.
/// Keeping the two apart is what lets `--json` answer every command with the same facts.
enum StepReply: Equatable {
    /// The cursor moved (or was asked to and was already at an end): the step now current,
    /// and the cursor's note when the move was clamped.
    case moved(StepView, note: String?, moved: Bool)
    /// `where`: the current step.
    case location(StepView)
    /// `diff`: the current step and its changes.
    case diff(StepView)
    /// `action`: the current step and its action.
    case action(StepView)
    /// `state`: the state at the cursor.
    case state(seq: Int, JSONValue)
    /// `state PATH`: one value in the state at the cursor.
    case value(seq: Int, path: JSONPath, JSONValue)
    /// `continue` or `reverse-continue` ran: the step it stopped at, the watchpoints and
    /// breakpoints that fired there (none when it ran to an end), and a note when it ran to an
    /// end.
    case stopped(StepView, fired: [StepFiring], note: String?, moved: Bool)
    /// `watch` or `break`: the watchpoints and breakpoints added (or found already set).
    case added([StepBreakpointStatus])
    /// `unwatch`, `unbreak` or `delete`: what was removed.
    case deleted([StepBreakpoint])
    /// `info watch`: every watchpoint and breakpoint, and how each stands at the cursor.
    case breakpoints([StepBreakpointStatus])
    /// `help`: the command table.
    case help
    /// `quit`.
    case quit
    /// The command could not be done; the cursor did not move. In a script, `line` is the
    /// script's line that ran it.
    case failure(String, line: Int? = nil)

    /// The error a reply reports: a failure's, or the one that kept a step's changes from
    /// being shown (moves, `continue` and `diff` show changes; `where` and `action` do not).
    var reportedError: InspectorError? {
        switch self {
        case .moved(let view, _, true), .stopped(let view, _, _, true), .diff(let view): view.unshownChanges?.error
        default: nil
        }
    }

    /// Whether the reply reports an error: a script that ran it exits with a failure.
    var reportsError: Bool {
        if case .failure = self { return true }
        return reportedError != nil
    }

    /// The reply as a script shows it: a failure, or a step whose changes could not be shown,
    /// names the script's line that ran it.
    func located(atLine line: Int) -> StepReply {
        if case .failure(let message, _) = self { return .failure(message, line: line) }
        guard reportedError != nil else { return self }
        return mappingView { view in view.unshownChanges?.line = line }
    }

    /// The reply with its step changed by `change`, for the replies that report a step's
    /// error (``reportedError``); any other as it is.
    private func mappingView(_ change: (inout StepView) -> Void) -> StepReply {
        switch self {
        case .moved(var view, let note, let moved):
            change(&view)
            return .moved(view, note: note, moved: moved)
        case .stopped(var view, let fired, let note, let moved):
            change(&view)
            return .stopped(view, fired: fired, note: note, moved: moved)
        case .diff(var view):
            change(&view)
            return .diff(view)
        default: return self
        }
    }
}

/// The step at the cursor, as every reply about it shows it.
struct StepView: Equatable {
    /// Where the state at the cursor comes from.
    enum Source: String, Equatable {
        /// The entry's recorded `state`.
        case recorded
        /// Replayed through the reducer.
        case replayed
        /// The initial state in the recording's header.
        case header
        /// The initial state is the reducer's default.
        case reducerDefault
        /// The initial state is not in the recording (a hand-written file without a header),
        /// and there is no reducer to make it.
        case unavailable
    }

    /// The seq; 0 at the initial state.
    let seq: Int
    /// The seq of the last step (0 without steps).
    let lastSeq: Int
    /// The 1-based position among the steps; 0 at the initial state.
    let position: Int
    /// The number of steps.
    let count: Int
    /// The entry, `nil` at the initial state.
    let entry: RecordingEntry?
    /// What the step changed; empty at the initial state.
    let changes: [JSONChange]
    /// Where the state after the step comes from.
    let source: Source
    /// The reducer replayed with, when there is one.
    let reducerName: String?
    /// Entries missing just before the step, whose changes are then in the step's.
    var gapBefore: RecordingGap? = nil
    /// Entries missing since the last recorded state, when the state is replayed: it leaves
    /// out what their actions did.
    var missingInReplay = 0
    /// Why ``changes`` could not be worked out, when the state before or after the step cannot
    /// be encoded as JSON (a `Double` that is NaN): the cursor still moves there, so that a
    /// session can go on through such a stretch, and the reply says why no changes are shown.
    var unshownChanges: Unshown? = nil

    /// Why a step's changes are not shown, as its reply says it.
    struct Unshown: Equatable {
        /// The error met working them out.
        let error: InspectorError
        /// The error's message, with the commands it suggests named as the program is called.
        let message: String
        /// The script's line that showed the step, in a script.
        var line: Int? = nil
    }
}

/// The text a reply becomes: lines for standard output, or for standard error.
struct StepOutput: Equatable {
    /// Lines for standard output.
    var lines: [String] = []
    /// Lines for standard error (failures, in text mode).
    var errorLines: [String] = []
}

/// Writes replies for people or for tools.
protocol StepRenderer {
    /// The lines for one reply.
    func render(_ reply: StepReply) -> StepOutput
}
