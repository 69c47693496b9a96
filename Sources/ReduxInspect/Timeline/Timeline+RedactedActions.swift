import Redux

extension Timeline {
    /// The steps among `indices` (the steps whose states are shown; every step, without
    /// them), and those before the first back to the last recorded state where its state is
    /// replayed, whose state is replayed and whose action holds a redacted value
    /// the app's decoder reads as a stand-in (``actionStandIns(at:)``: a number as `0`, a
    /// Boolean as `false`): the replay computes with that in place of the app's value, so the
    /// states it makes from there to the next recorded state may not be the app's. A
    /// placeholder read as the string it is shows as such, and is not listed.
    ///
    /// Actions are looked at through their bytes, and only those holding the placeholder are
    /// decoded, once for each set of places they hold it in. Empty for a recording that holds
    /// every state, or no placeholder at all.
    func replayedActionsWithStandIns(within indices: Range<Int>? = nil) -> [RedactedAction] {
        let steps = recording.steps
        guard !recording.holdsEveryState, !steps.isEmpty, mayHoldPlaceholder else { return [] }
        let range = indices ?? 0..<steps.count
        guard !range.isEmpty else { return [] }
        var first = max(0, min(range.lowerBound, steps.count - 1))
        if !hasRecordedState(at: first) { first = lastRecordedStep(before: first) + 1 }
        // The same case of an action with the placeholder in the same places reads it alike:
        // told apart from the text where it is as the recorder writes it, else parsed.
        var byShape: [[UInt8]: [StandIn]] = [:]
        var byPlaces: [[JSONPath]: [StandIn]] = [:]
        var found: [RedactedAction] = []
        for index in first..<min(range.upperBound, steps.count) where !hasRecordedState(at: index) {
            let text = recording.actionText(at: index)
            if let text, !Recording.mayHoldPlaceholder(text) { continue }
            let standIns: [StandIn]
            if let shape = text.flatMap(Self.placeholderShape) {
                standIns = byShape[shape] ?? actionStandIns(at: index)
                byShape[shape] = standIns
            } else {
                guard let action = try? recording.readEntry(at: index).action, action.holdsRedactionPlaceholder else { continue }
                let places = action.placeholderPaths()
                standIns = byPlaces[places] ?? actionStandIns(at: index)
                byPlaces[places] = standIns
            }
            if !standIns.isEmpty { found.append(RedactedAction(seq: steps[index].seq, standIns: standIns)) }
        }
        return found
    }

    /// An action's case (its first key) and the key before each placeholder in it, read
    /// from its text as the recorder writes it (`{"setPrice":{"price":"<redacted>"}}`), for
    /// telling actions the app's decoder reads alike without parsing each; `nil` where the
    /// text is not that plain (a placeholder in an array, an escape in a key), or holds no
    /// placeholder, for the parsed action to say.
    static func placeholderShape(of text: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        guard text.count > 2, text[0] == UInt8(ascii: "{"), text[1] == quote,
            let caseEnd = text[2...].firstIndex(where: { $0 == quote || $0 == backslash }), text[caseEnd] == quote
        else { return nil }
        var shape = Array(text[2..<caseEnd])
        let placeholder = quotedPlaceholder
        var found = false
        var position = caseEnd
        while let start = Self.find(placeholder, in: text, from: position) {
            // `"key":"<redacted>"`: the key ends two bytes before.
            guard start >= 3, text[start - 1] == UInt8(ascii: ":"), text[start - 2] == quote,
                let keyStart = text[..<(start - 2)].lastIndex(where: { $0 == quote || $0 == backslash }),
                text[keyStart] == quote, text[keyStart - 1] != backslash
            else { return nil }
            shape.append(0)
            shape.append(contentsOf: text[(keyStart + 1)..<(start - 2)])
            found = true
            position = start + placeholder.count
        }
        return found ? shape : nil
    }

    /// `"<redacted>"`, quotes included.
    private static let quotedPlaceholder = Array("\"\(RecordingEncoder.redactedPlaceholder)\"".utf8)

    /// Where `word` starts in `text` at or after `from`.
    private static func find(_ word: [UInt8], in text: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        guard word.count <= text.count else { return nil }
        var index = from
        while index <= text.count - word.count {
            guard let first = text[index...].firstIndex(of: word[0]), first <= text.count - word.count else { return nil }
            if (0..<word.count).allSatisfy({ text[first + $0] == word[$0] }) { return first }
            index = first + 1
        }
        return nil
    }
}

/// A replayed step whose action holds redacted values the app's decoder reads as stand-ins.
struct RedactedAction: Sendable, Equatable {
    let seq: Int
    /// Where, in the action, and what the decoder read there.
    let standIns: [StandIn]
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
