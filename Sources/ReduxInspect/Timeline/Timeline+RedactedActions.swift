extension Timeline {
    /// The steps among `indices` (the steps whose states are shown; every step, without
    /// them), and those before the first back to the last recorded state where its state is
    /// replayed, whose state is replayed and whose action holds a redacted value
    /// the app's decoder reads as a stand-in (``actionStandInPaths(at:)``: a number as `0`, a
    /// Boolean as `false`): the replay computes with that in place of the app's value, so the
    /// states it makes from there to the next recorded state may not be the app's. A
    /// placeholder read as the string it is shows as such, and is not listed.
    ///
    /// Actions are looked at through their bytes, and only those holding the placeholder are
    /// decoded, once for each set of places they hold it in. Empty for a recording that holds
    /// every state, or no placeholder at all.
    func replayedActionsWithStandIns(within indices: Range<Int>? = nil) -> [RedactedAction] {
        let steps = recording.steps
        guard !recording.holdsEveryState, !steps.isEmpty, Recording.mayHoldPlaceholder(recording.bytes.buffer)
        else { return [] }
        let range = indices ?? 0..<steps.count
        guard !range.isEmpty else { return [] }
        var first = max(0, min(range.lowerBound, steps.count - 1))
        while first > 0, !hasRecordedState(at: first), !hasRecordedState(at: first - 1) { first -= 1 }
        // The same case of an action with the placeholder in the same places reads it alike.
        var byPlaces: [[JSONPath]: [JSONPath]] = [:]
        var found: [RedactedAction] = []
        for index in first..<min(range.upperBound, steps.count) where !hasRecordedState(at: index) {
            if let text = recording.actionText(at: index), !Recording.mayHoldPlaceholder(text) { continue }
            guard let action = try? recording.readEntry(at: index).action, action.holdsRedactionPlaceholder else { continue }
            let places = action.placeholderPaths()
            let standIns = byPlaces[places] ?? actionStandInPaths(at: index)
            byPlaces[places] = standIns
            if !standIns.isEmpty { found.append(RedactedAction(seq: steps[index].seq, standIns: standIns)) }
        }
        return found
    }
}

/// A replayed step whose action holds redacted values the app's decoder reads as stand-ins.
struct RedactedAction: Sendable, Equatable {
    let seq: Int
    /// Where, in the action.
    let standIns: [JSONPath]
}

extension JSONValue {
    /// Where the value holds the recorder's placeholder, in order.
    func placeholderPaths(at path: JSONPath = .root) -> [JSONPath] {
        switch self {
        case .string: isRedactionPlaceholder ? [path] : []
        case .array(let elements): elements.indices.flatMap { elements[$0].placeholderPaths(at: path.appending(.index($0))) }
        case .object(let object): object.members.flatMap { $0.value.placeholderPaths(at: path.appending(.key($0.key))) }
        default: []
        }
    }
}
