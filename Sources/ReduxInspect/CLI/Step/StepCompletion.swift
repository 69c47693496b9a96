/// What Tab offers at `step`'s prompt: the names of the commands for the first word, and for
/// the path a command takes (`state`, `p`, `watch`, `unwatch`, the first word of `break`'s
/// predicate) the members of the state at the cursor, and `.count` after an array.
///
/// Only the text before the cursor is looked at, and only the state the session shows, so a
/// Tab costs no replay.
enum StepCompletion {
    /// The commands whose argument is a path of the state, or (`break`) starts with one.
    static let pathCommands: Set<String> = ["state", "p", "print", "watch", "unwatch", "break"]

    /// What the word before the cursor may become.
    ///
    /// - Parameters:
    ///   - text: The line up to the cursor.
    ///   - state: The state at the cursor; asked for only when a path is completed, `nil`
    ///     when it cannot be had.
    /// - Returns: The completion, whose `words` are empty when nothing fits.
    static func completion(for text: String, state: () -> JSONValue?) -> LineEditor.Completion {
        let characters = Array(text)
        // The word being typed: from after the last blank to the cursor.
        let start = characters.lastIndex(where: \.isWhitespace).map { $0 + 1 } ?? 0
        let typed = String(characters[start...])
        let earlier: [String] = String(characters[..<start]).split(whereSeparator: { $0.isWhitespace }).map { String($0) }
        guard let command = earlier.first else {
            let names = StepCommandParser.verbs.filter(\.available).flatMap(\.names)
            let words = Set(names.filter { $0.hasPrefix(typed) }).sorted()
            return LineEditor.Completion(start: start, words: words, suffix: " ")
        }
        // `break`'s predicate starts with a path; what follows it is an operator or a value.
        guard pathCommands.contains(command), command != "break" || earlier.count == 1, let state = state() else {
            return LineEditor.Completion(start: start, words: [], suffix: "")
        }
        return LineEditor.Completion(start: start, words: paths(completing: typed, in: state), suffix: "")
    }

    /// The paths of members that `typed` may be the start of: the members of the object its
    /// text up to the last `.` names (the root's without a `.`) whose keys start with what
    /// follows, written as paths are (`["content-type"]` for a key that is not a name).
    static func paths(completing typed: String, in state: JSONValue) -> [String] {
        let parentText: Substring
        let partial: Substring
        if let dot = typed.lastIndex(of: ".") {
            parentText = typed[..<dot]
            partial = typed[typed.index(after: dot)...]
        } else {
            parentText = ""
            partial = typed[...]
        }
        // Inside brackets (`items[id=`) there is no member name to offer.
        guard !partial.contains("["), !partial.contains("\"") else { return [] }
        let parent: JSONPath
        if parentText.isEmpty {
            parent = .root
        } else {
            guard let parsed = try? JSONPath(parsing: String(parentText)) else { return [] }
            parent = parsed
        }
        switch state.value(at: parent) {
        case .object(let object)?:
            return Set(object.keys.filter { $0.hasPrefix(partial) }).sorted().map { parent.appending(.key($0)).description }
        case .array? where !parent.isRoot && "count".hasPrefix(partial):
            // An array's size, as `state` and `watch` read a last `.count`.
            return [parentText + ".count"]
        default:
            return []
        }
    }

    /// The words Tab found, in columns across `width` (80 when unknown), a line each row,
    /// escaped as everything from a recording is; at most ``listedWords`` of them.
    static func listing(_ words: [String], width: Int?) -> String {
        let shown = words.prefix(listedWords).map(TerminalText.escape)
        let widest = shown.map { LineEditor.columns(Array($0)[...]) }.max() ?? 0
        let perRow = max(1, ((width ?? 80) + 2) / (widest + 2))
        var text = ""
        for (index, word) in shown.enumerated() {
            let last = index + 1 == shown.count || (index + 1) % perRow == 0
            text += last ? word + "\n" : word + String(repeating: " ", count: widest + 2 - LineEditor.columns(Array(word)[...]))
        }
        if words.count > listedWords { text += "… and \(words.count - listedWords) more\n" }
        return text
    }

    /// How many words a Tab lists: a state with thousands of members would fill the screen.
    static let listedWords = 100
}
