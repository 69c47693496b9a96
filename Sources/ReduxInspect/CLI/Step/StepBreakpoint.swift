/// A watchpoint or a breakpoint of a `step` session: where `continue` and `reverse-continue`
/// stop. Both kinds share one numbering, as in gdb, so `delete 2` names either.
struct StepBreakpoint: Equatable {
    /// When it fires.
    enum Condition: Equatable {
        /// A watchpoint: at a step whose state after differs from its state before at the path
        /// (a size for a path ending in `.count`, as in a predicate).
        case change(PathReading)
        /// A breakpoint: at a step after which the predicate holds.
        case predicate(Predicate)

        /// The paths it reads, and what it reads at each.
        var paths: [RawJSON.SkeletonPath] {
            switch self {
            case .change(let path): [path.skeletonPath]
            case .predicate(let predicate): predicate.skeletonPaths
            }
        }
    }

    /// Its number, from 1, never reused in a session.
    let number: Int
    /// When it fires.
    let condition: Condition

    /// `watchpoint` or `breakpoint`.
    var kind: String {
        if case .change = condition { return "watchpoint" }
        return "breakpoint"
    }

    /// The path or the predicate, as text.
    var subject: String {
        switch condition {
        case .change(let path): path.description
        case .predicate(let predicate): predicate.description
        }
    }

    /// What of a state decides whether it fires: all a walk over many states needs to keep.
    enum Reading: Equatable, Sendable {
        /// A watchpoint's value at its path (`nil`: absent).
        case value(JSONValue?)
        /// Whether a breakpoint's predicate holds.
        case holds(Bool)
    }

    /// The paths it reads, and what it reads at each.
    var paths: [RawJSON.SkeletonPath] { condition.paths }

    /// What it reads in `state`.
    func reading(of state: JSONValue) -> Reading {
        switch condition {
        case .change(let path): .value(path.value(in: state))
        case .predicate(let predicate): .holds(predicate.holds(in: state))
        }
    }

    /// Whether it fires at a step, and with what.
    ///
    /// - Parameters:
    ///   - before: The state before the step.
    ///   - after: The state after it.
    /// - Returns: The firing, or `nil`.
    func firing(before: JSONValue, after: JSONValue) -> StepFiring? {
        firing(before: reading(of: before), after: reading(of: after))
    }

    /// Whether it fires at a step whose states before and after read `before` and `after`
    /// (``reading(of:)``), and with what.
    func firing(before: Reading, after: Reading) -> StepFiring? {
        switch (condition, before, after) {
        case (.change, .value(let old), .value(let new)):
            old == new ? nil : StepFiring(breakpoint: self, old: old, new: new)
        case (.predicate, _, .holds(let holds)):
            holds ? StepFiring(breakpoint: self, old: nil, new: nil) : nil
        default:
            nil
        }
    }

    /// For a watched path absent from `state`: the path there likely meant, if any, since a
    /// `continue` would otherwise run to the end before saying the path never changed.
    private static func misspeltHint(_ path: PathReading, in state: JSONValue) -> [String] {
        let mended = path.operand.didYouMean(in: state)
        return mended.isEmpty ? [] : ["\(path.description) is not in the state here\(mended)"]
    }

    /// How it stands in a state: a watchpoint's value there, whether a breakpoint holds.
    func status(in state: JSONValue, alreadySet: Bool = false) -> StepBreakpointStatus {
        switch condition {
        case .change(let path):
            let value = path.value(in: state)
            return StepBreakpointStatus(
                breakpoint: self, value: value, holds: false, alreadySet: alreadySet,
                hints: value == nil && !alreadySet ? Self.misspeltHint(path, in: state) : [])
        case .predicate(let predicate):
            return StepBreakpointStatus(
                breakpoint: self, value: nil, holds: predicate.holds(in: state), alreadySet: alreadySet,
                hints: predicate.literalOrderings.compactMap { ordering in
                    predicate.literalOrderingHint(ordering, kinds: Predicate.ValueKinds(of: ordering.operand.value(in: state)))
                } + (alreadySet ? [] : predicate.comparedPaths.flatMap { Self.misspeltHint(PathReading($0, writtenAs: Predicate.pathText($0)), in: state) }))
        }
    }
}

/// A watchpoint or breakpoint with how it stands at the cursor, for `watch`, `break` and
/// `info watch`.
struct StepBreakpointStatus: Equatable {
    let breakpoint: StepBreakpoint
    /// A watchpoint's value at the cursor; `nil` when the state has none (or for a breakpoint).
    let value: JSONValue?
    /// Whether a breakpoint's predicate holds at the cursor (`false` for a watchpoint).
    let holds: Bool
    /// `watch`/`break` found it already set and added nothing.
    let alreadySet: Bool
    /// Why a breakpoint may never hold, from the state at the cursor: a path that holds a
    /// number here ordered against a string (`cart.total > "50"`), or the other way round.
    var hints: [String] = []
}

/// A watchpoint or breakpoint that stopped `continue` or `reverse-continue`.
struct StepFiring: Equatable {
    let breakpoint: StepBreakpoint
    /// For a watchpoint, the value before the step (`nil`: absent).
    let old: JSONValue?
    /// For a watchpoint, the value after the step (`nil`: absent).
    let new: JSONValue?
}
