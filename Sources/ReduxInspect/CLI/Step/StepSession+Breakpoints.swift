/// Watchpoints, breakpoints, and the runs to them: `continue` forward, `reverse-continue` back.
extension StepSession {
    /// `watch` and `break`: adds what is not already set, and reports each with how it
    /// stands at the cursor.
    func add(_ conditions: [StepBreakpoint.Condition]) throws(InspectorError) -> StepReply {
        // As the runs to them read it.
        let position = cursor.position
        let state = try readable(at: position, along: conditions.flatMap(\.paths)) { () throws(InspectorError) in
            try comparedState(at: position)
        }
        var statuses: [StepBreakpointStatus] = []
        for condition in conditions {
            if let existing = breakpoints.first(where: { $0.condition == condition }) {
                if !statuses.contains(where: { $0.breakpoint == existing }) {
                    statuses.append(existing.status(in: state, alreadySet: true))
                }
                continue
            }
            let breakpoint = StepBreakpoint(number: nextBreakpointNumber, condition: condition)
            nextBreakpointNumber += 1
            breakpoints.append(breakpoint)
            statuses.append(breakpoint.status(in: state))
        }
        return .added(statuses)
    }

    /// `unwatch [PATH...]`: the watchpoints on these paths, or all of them.
    func unwatch(_ paths: [PathReading]) -> StepReply {
        let watched = breakpoints.filter { if case .change = $0.condition { true } else { false } }
        guard !watched.isEmpty else { return .failure("no watchpoints are set") }
        if paths.isEmpty { return remove(watched) }
        var removing: [StepBreakpoint] = []
        for path in paths {
            guard let breakpoint = watched.first(where: { $0.condition == .change(path) }) else {
                return .failure("\(path) is not watched")
            }
            if !removing.contains(breakpoint) { removing.append(breakpoint) }
        }
        return remove(removing)
    }

    /// `unbreak [N...]` and `delete [N...]`: by number, or all (of the breakpoints, for `unbreak`).
    func delete(_ numbers: [Int], onlyBreakpoints: Bool) -> StepReply {
        let candidates = breakpoints.filter { !onlyBreakpoints || $0.kind == "breakpoint" }
        let kinds = onlyBreakpoints ? "breakpoints" : "watchpoints or breakpoints"
        guard !candidates.isEmpty else { return .failure("no \(kinds) are set") }
        if numbers.isEmpty { return remove(candidates) }
        var removing: [StepBreakpoint] = []
        for number in numbers {
            guard let breakpoint = candidates.first(where: { $0.number == number }) else {
                return .failure("no \(onlyBreakpoints ? "breakpoint" : "watchpoint or breakpoint") \(number)")
            }
            if !removing.contains(breakpoint) { removing.append(breakpoint) }
        }
        return remove(removing)
    }

    private func remove(_ removing: [StepBreakpoint]) -> StepReply {
        breakpoints.removeAll { removing.contains($0) }
        return .deleted(removing.sorted { $0.number < $1.number })
    }

    /// `continue` and `reverse-continue`.
    ///
    /// Forward, the steps after the cursor are walked in order until one fires. Back, the steps
    /// before the cursor are searched from the nearest with
    /// ``Timeline/lastStep(before:projecting:projectingText:where:)``, which replays from
    /// checkpoints a window at a time. Both read only what the watchpoints and breakpoints need
    /// of each state (``StepBreakpoint/reading(of:)``), which lets the walks make the states on
    /// every core and read a replayed state's text without the whole tree. A step fires when
    /// its state before and after differ at a watched path, or when a breakpoint holds after
    /// it. Going back, the initial state is checked last, for breakpoints. When nothing fires
    /// the cursor goes to the end it ran into, and the reply says so.
    ///
    /// A long run shows a progress line (``makeProgress``), taken away before the reply:
    /// forward "continue: step N of M", back "reverse-continue: step N" counting down.
    func resume(forward: Bool) throws(InspectorError) -> StepReply {
        guard !breakpoints.isEmpty else {
            return .failure("no watchpoints or breakpoints: set one with 'watch PATH' or 'break PREDICATE'")
        }
        var stop: (index: Int, fired: [StepFiring])?
        let watched = breakpoints
        let read: @Sendable (JSONValue) -> [StepBreakpoint.Reading] = { state in watched.map { $0.reading(of: state) } }
        // A replayed state's text need only be read where the watchpoints and breakpoints look.
        let paths = watched.flatMap(\.paths)
        let readText = StateTextReading(paths: paths) { text in text.skeleton(for: paths).map(read) }
        func firings(_ before: [StepBreakpoint.Reading], _ after: [StepBreakpoint.Reading]) -> [StepFiring] {
            zip(watched, zip(before, after)).compactMap { $0.firing(before: $1.0, after: $1.1) }
        }
        // Which watchpoints had a value in some state passed: a path none had (a typo, most
        // likely) is named when nothing fires, as the run may have taken seconds for nothing.
        var present = watched.map { _ in false }
        func notePresence(_ readings: [StepBreakpoint.Reading]) {
            for (offset, reading) in readings.enumerated() {
                if case .value(let value) = reading, value != nil { present[offset] = true }
            }
        }
        if forward {
            guard !cursor.isAtLastStep else { return try stopped(cursor.last(), fired: [], note: nil) }
            let first = cursor.position + 1
            var previous = read(
                try readable(at: first - 1, along: paths) { () throws(InspectorError) in
                    try timeline.comparedState(before: first)
                })
            notePresence(previous)
            let progress = makeProgress?("continue", cursor.count)
            // Also when the run throws (Ctrl-C, a step that cannot be replayed): the reply
            // comes after it.
            defer { progress?.clear() }
            try timeline.walk(first..<cursor.count, projecting: read, projectingText: readText) { index, readings in
                progress?.update(index)
                notePresence(readings)
                let fired = firings(previous, readings)
                previous = readings
                if !fired.isEmpty { stop = (index, fired) }
                return fired.isEmpty
            }
        } else {
            guard !cursor.isAtInitialState else { return try stopped(cursor.first(), fired: [], note: nil) }
            // The state it starts from, and the initial one it may reach, are on the way too.
            let position = cursor.position
            notePresence(
                read(
                    try readable(at: position, along: paths) { () throws(InspectorError) in
                        try comparedState(at: position)
                    }))
            let progress = makeProgress?("reverse-continue", nil)
            defer { progress?.clear() }
            _ = try timeline.lastStep(before: cursor.position, projecting: read, projectingText: readText) {
                index, before, after in
                progress?.update(index)
                notePresence(before)
                notePresence(after)
                let fired = firings(before, after)
                if !fired.isEmpty { stop = (index, fired) }
                return !fired.isEmpty
            }
        }
        if let stop {
            return try stopped(cursor.move(to: stop.index), fired: stop.fired, note: nil)
        }
        // Watchpoints on a path that no state passed has.
        let absent = zip(watched, present).filter { breakpoint, present in
            if case .change = breakpoint.condition { return !present }
            return false
        }.map { "\($0.0.subject) (watchpoint \($0.0.number))" }
        let absentNote = absent.isEmpty ? "" : "; no state on the way has \(absent.joined(separator: " or "))"
        if forward {
            return try stopped(
                cursor.last(), fired: [], note: "reached the last step: no watchpoint or breakpoint fired" + absentNote)
        }
        let initial = try state(at: -1)
        notePresence(read(initial))
        let fired = breakpoints.compactMap { breakpoint -> StepFiring? in
            guard case .predicate(let predicate) = breakpoint.condition, predicate.holds(in: initial) else {
                return nil
            }
            return StepFiring(breakpoint: breakpoint, old: nil, new: nil)
        }
        let note = fired.isEmpty ? "reached the initial state: no watchpoint or breakpoint fired" + absentNote : nil
        return try stopped(cursor.first(), fired: fired, note: note)
    }

    /// What `state` gives, unless it is a replayed state that cannot be encoded as JSON whole
    /// (a `Double` that is NaN): then the parts of the state after `position` at `paths`, as
    /// the runs to watchpoints and breakpoints read them, in which the paths read what they
    /// would in the whole state. So watchpoints can be set, and runs started, inside a stretch
    /// of such states, which the runs themselves go through.
    func readable(
        at position: Int, along paths: [RawJSON.SkeletonPath], _ state: () throws(InspectorError) -> JSONValue
    ) throws(InspectorError) -> JSONValue {
        do {
            return try state()
        } catch where error.isUnencodableReplayedState && position >= 0 {
            var parts: JSONValue?
            let reading = StateTextReading(paths: paths) { $0.skeleton(for: paths) }
            try timeline.walk(position..<(position + 1), projecting: { $0 }, projectingText: reading) { _, value in
                parts = value
                return false
            }
            guard let parts else { throw error }
            return parts
        }
    }

    private func stopped(_ move: TimelineCursor.Move, fired: [StepFiring], note: String?)
        throws(InspectorError)
        -> StepReply
    {
        .stopped(try view(), fired: fired, note: note ?? (move.moved ? nil : self.note(of: move)), moved: move.moved)
    }
}
