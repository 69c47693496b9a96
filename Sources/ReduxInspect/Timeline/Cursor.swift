/// A place in a recording's history — which state is being looked at — and the moves of a
/// time-travel debugger: next, back, goto, first, last.
///
/// Positions are 0-based step indices, as in ``Timeline``; position `-1` is the initial state
/// (seq 0), before the first action. Every move clamps at the two ends and says so in the
/// ``Move`` it returns. The cursor reads no state and prints nothing: moving is O(1), `goto`
/// O(log n) by seq, and a ``Timeline`` gives the state at ``position``.
///
/// ```swift
/// var cursor = TimelineCursor(recording: recording)   // at the initial state
/// cursor.next(3)                                      // seq 3
/// let move = cursor.back(10)                          // stops at the initial state
/// move.note                                           // "stopped at the initial state"
/// ```
public struct TimelineCursor: Sendable {
    /// One end of the history.
    public enum End: Sendable, Equatable {
        /// The initial state, before the first action (seq 0).
        case initialState
        /// The state after the last recorded action.
        case lastStep
    }

    /// What a move did.
    public struct Move: Sendable, Equatable {
        /// The position before the move.
        public var from: Int
        /// The position after it.
        public var to: Int
        /// The end the move ran into, when it asked to go past it (or was already there).
        public var clamped: End?

        /// Whether the position changed.
        public var moved: Bool { from != to }

        /// A short sentence when the move was clamped — `already at the last step`,
        /// `stopped at the initial state` — else `nil`.
        public var note: String? {
            guard let clamped else { return nil }
            let end = clamped == .initialState ? "the initial state" : "the last step"
            return moved ? "stopped at \(end)" : "already at \(end)"
        }
    }

    /// Why `goto` could not go where it was asked.
    public enum GotoError: Error, Equatable, Sendable, CustomStringConvertible {
        /// No step has this seq: it is out of range, or inside a gap of the recording.
        case noSuchSeq(Int, first: Int?, last: Int?)
        /// As ``noSuchSeq(_:first:last:)``, for a command that also takes `end`, the seq of an
        /// end marker after missing entries, for the state it holds (`show --at`).
        case noSuchSeqBeforeEnd(Int, first: Int?, last: Int?, end: Int)
        /// The seq of an end marker after missing entries, for a command that goes only to
        /// steps (`step`): its state is no step's.
        case endMarkerAfterGap(Int, last: Int?)

        public var description: String {
            switch self {
            case .noSuchSeq(let seq, let first?, let last?) where seq > first && seq < last:
                return "no step with seq \(seq): it falls in a gap of the recording"
            case .noSuchSeq(let seq, let first?, let last?):
                return
                    "no step with seq \(seq): expected 0 (the initial state) or a seq from \(first) to \(last)"
            case .noSuchSeq(let seq, _, _):
                return "no step with seq \(seq): the recording has no steps, only the initial state (seq 0)"
            case .noSuchSeqBeforeEnd(let seq, _, let last, let end) where seq > (last ?? 0) && seq < end:
                return "no step with seq \(seq): entries are missing after \(last.map { "seq \($0)" } ?? "the initial state"), "
                    + "and seq \(end) is the end marker's state after them"
            case .noSuchSeqBeforeEnd(let seq, let first?, let last?, _) where seq > first && seq < last:
                return GotoError.noSuchSeq(seq, first: first, last: last).description
            case .noSuchSeqBeforeEnd(let seq, let first?, let last?, let end):
                return "no step with seq \(seq): expected 0 (the initial state), a seq from \(first) to \(last), "
                    + "or \(end) (the end marker's state, after missing entries)"
            case .noSuchSeqBeforeEnd(let seq, _, _, let end):
                return "no step with seq \(seq): expected 0 (the initial state) "
                    + "or \(end) (the end marker's state, after missing entries)"
            case .endMarkerAfterGap(let seq, let last):
                return "no step with seq \(seq): " + Self.endMarkerAfterGap(seq, last: last)
            }
        }

        /// What ``endMarkerAfterGap(_:last:)`` says of seq `seq`, the end marker's after the
        /// last step, seq `last`; also what `step` says at the last step before it.
        static func endMarkerAfterGap(_ seq: Int, last: Int?) -> String {
            "entries are missing after \(last.map { "seq \($0)" } ?? "the initial state"), "
                + "and seq \(seq) is the end marker's state after them, which no step reaches ('show --at \(seq)' prints it)"
        }
    }

    /// The steps, shared with the recording's index (no copy).
    private let steps: [StepLocation]

    /// The current position: `-1` for the initial state, else a step index.
    public private(set) var position: Int

    /// Creates a cursor over a recording's steps.
    ///
    /// - Parameters:
    ///   - recording: The recording.
    ///   - position: Where to start, clamped to `-1..<count`; the initial state by default.
    public init(recording: Recording, position: Int = -1) {
        self.steps = recording.steps
        self.position = min(max(position, -1), recording.steps.count - 1)
    }

    /// The number of steps (actions); positions run from `-1` to `count - 1`.
    public var count: Int { steps.count }

    /// The seq at the cursor: 0 at the initial state.
    public var seq: Int { seq(at: position) }

    /// The seq of the last step, or 0 when there are no steps.
    public var lastSeq: Int { steps.last?.seq ?? 0 }

    /// Whether the cursor is at the initial state.
    public var isAtInitialState: Bool { position < 0 }

    /// Whether the cursor is at the last step (or at the initial state of a recording without steps).
    public var isAtLastStep: Bool { position == count - 1 }

    /// The seq at `position`: 0 for `-1`.
    public func seq(at position: Int) -> Int {
        position < 0 ? 0 : steps[position].seq
    }

    /// The position of the step with `seq`, `-1` for seq 0, or `nil` when there is none.
    public func position(ofSeq seq: Int) -> Int? {
        if seq == 0 { return -1 }
        return steps.index(ofSeq: seq)
    }

    /// Moves `steps` steps forward, stopping at the last step.
    @discardableResult
    public mutating func next(_ steps: Int = 1) -> Move {
        let room = count - 1 - position
        return steps > room ? move(to: count - 1, clamped: .lastStep) : move(to: position + max(steps, 0))
    }

    /// Moves `steps` steps back, stopping at the initial state.
    @discardableResult
    public mutating func back(_ steps: Int = 1) -> Move {
        let room = position + 1
        return steps > room ? move(to: -1, clamped: .initialState) : move(to: position - max(steps, 0))
    }

    /// Moves to the initial state (seq 0).
    @discardableResult
    public mutating func first() -> Move {
        move(to: -1, clamped: isAtInitialState ? .initialState : nil)
    }

    /// Moves to the last step.
    @discardableResult
    public mutating func last() -> Move {
        move(to: count - 1, clamped: isAtLastStep ? .lastStep : nil)
    }

    /// Moves to the step with `seq` (0 for the initial state).
    ///
    /// - Throws: ``GotoError`` when no step has that seq; the cursor stays where it was.
    @discardableResult
    public mutating func goto(seq: Int) throws(GotoError) -> Move {
        guard let target = position(ofSeq: seq) else {
            throw .noSuchSeq(seq, first: steps.first?.seq, last: steps.last?.seq)
        }
        return move(to: target)
    }

    /// Moves to a position, clamped to `-1..<count`.
    @discardableResult
    public mutating func move(to target: Int) -> Move {
        if target < -1 { return move(to: -1, clamped: .initialState) }
        if target > count - 1 { return move(to: count - 1, clamped: .lastStep) }
        return move(to: target, clamped: nil)
    }

    private mutating func move(to target: Int, clamped: End?) -> Move {
        let move = Move(from: position, to: target, clamped: clamped)
        position = target
        return move
    }
}
