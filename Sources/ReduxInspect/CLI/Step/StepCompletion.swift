/// What Tab offers at `step`'s prompt: the names of the commands for the first word, and for
/// the path a command takes (`state`, `p`, `watch`, `unwatch`, the first word of `break`'s
/// predicate) the members of the state at the cursor, and `.count` after an array.
///
/// Only the text before the cursor is looked at, and only the state the session shows, so a
/// Tab costs no replay. What the user typed of a path is kept as typed; a member is added in
/// the form the command reads (`["content-type"]` for a key that is not a name, and in a
/// predicate `.["content-type"]` or `.true` at the start, where a bracket would begin an array
/// and `true` a literal).
enum StepCompletion {
    /// The commands whose argument is a path of the state, or (`break`) starts with one.
    static let pathCommands: Set<String> = ["state", "p", "print", "watch", "unwatch", "break"]

    /// What the word before the cursor may become.
    ///
    /// - Parameters:
    ///   - characters: The line up to the cursor, as the editor holds it.
    ///   - state: The state at the cursor; asked for only when a path is completed, `nil`
    ///     when it cannot be had.
    /// - Returns: The completion, whose `words` are empty when nothing fits.
    static func completion(for characters: [Character], state: () -> JSONValue?) -> LineEditor.Completion {
        let words = wordStarts(in: characters)
        let start = words.last ?? characters.count
        let typed = String(characters[start...])
        guard let first = words.first, first < start else {
            let names = StepCommandParser.verbs.filter(\.available).flatMap(\.names)
            let matching = Set(names.filter { $0.hasPrefix(typed) }).sorted()
            return LineEditor.Completion(start: start, words: matching, suffix: " ")
        }
        let command = String(characters[first...].prefix { !$0.isWhitespace })
        // `break`'s predicate starts with a path; what follows it is an operator or a value.
        let inPredicate = command == "break"
        guard pathCommands.contains(command), !inPredicate || words.count == 2, let state = state() else {
            return LineEditor.Completion(start: start, words: [], suffix: "")
        }
        return LineEditor.Completion(
            start: start, words: paths(completing: typed, in: state, inPredicate: inPredicate), suffix: "")
    }

    /// Where the words of `characters` start, as the commands split them
    /// (``StepCommandParser/wordRanges(in:)``); after a last blank, an empty word at the end.
    static func wordStarts(in characters: [Character]) -> [Int] {
        let ranges = StepCommandParser.wordRanges(in: characters)
        let starts = ranges.map(\.lowerBound)
        return ranges.last?.upperBound == characters.count ? starts : starts + [characters.count]
    }

    /// The paths `typed` may become, each `typed`'s parent as typed followed by a member
    /// whose key starts with what follows it: after a `.`, or inside `["` (bracket form).
    static func paths(completing typed: String, in state: JSONValue, inPredicate: Bool = false) -> [String] {
        let characters = Array(typed)
        let parentTyped: String
        let partial: String
        let bracketed: Bool
        if let open = openBracketString(in: characters) {
            parentTyped = String(characters[..<open])
            partial = String(characters[(open + 2)...])
            bracketed = true
        } else {
            // The last `.` outside brackets and strings: `items[id=1.5].q` and `["a.b"].q`
            // end with `q`.
            var dot: Int?
            var depth = 0
            var strings = JSONStringTracker()
            for (index, character) in characters.enumerated() where !strings.take(character) {
                switch character {
                case "[": depth += 1
                case "]": depth -= 1
                case "." where depth == 0: dot = index
                default: break
                }
            }
            if let dot {
                // A leading dot alone (`.tr`, in a predicate) stays with the member.
                parentTyped = dot == 0 ? "." : String(characters[..<dot])
                partial = String(characters[(dot + 1)...])
            } else {
                parentTyped = ""
                partial = typed
            }
            // Inside brackets (`items[id=`) there is no member name to offer.
            guard !partial.contains("["), !partial.contains("\"") else { return [] }
            bracketed = false
        }
        // "" and "." are the root.
        guard let parent = try? JSONPath(parsing: parentTyped) else { return [] }
        switch state.value(at: parent) {
        case .object(let object)?:
            return Set(object.keys.filter { $0.hasPrefix(partial) }).sorted().map { key in
                parentTyped + member(key, after: parentTyped, bracketed: bracketed, inPredicate: inPredicate)
            }
        case .array? where !parent.isRoot && !bracketed && "count".hasPrefix(partial):
            // An array's size, as `state` and `watch` read a last `.count`.
            return [parentTyped + ".count"]
        default:
            return []
        }
    }

    /// Where a `["` that no `"` closes begins: the user is typing a quoted key there.
    private static func openBracketString(in characters: [Character]) -> Int? {
        guard let quote = characters.lastIndex(of: "\""), quote > 0, characters[quote - 1] == "[" else { return nil }
        let rest = characters[(quote + 1)...]
        guard !rest.contains("\""), !rest.contains("\\") else { return nil }
        return quote - 1
    }

    /// A member's key as it follows `parentTyped`: `.key`, or `["key"]` for a key that is
    /// not a name or when the user began a bracket; at the start of a predicate, with the dot
    /// a bracket or a literal's name needs there.
    private static func member(_ key: String, after parentTyped: String, bracketed: Bool, inPredicate: Bool) -> String {
        var text = ""
        if bracketed {
            text = "[" + JSONValue.string(key).compactText + "]"
        } else {
            JSONPath.write(.key(key), first: parentTyped.isEmpty || parentTyped == ".", to: &text)
        }
        return inPredicate && parentTyped.isEmpty ? Predicate.operandText(text, startingWith: .key(key)) : text
    }

    /// The words Tab found, in columns across `width` (80 when unknown), a line each row,
    /// escaped as everything from a recording is; at most ``listedWords`` of them.
    static func listing(_ words: [String], width: Int?) -> String {
        let shown = words.prefix(listedWords).map(TerminalText.escape)
        let columns = shown.map { LineEditor.columns(Array($0)[...]) }
        let widest = columns.max() ?? 0
        let perRow = max(1, ((width ?? 80) + 2) / (widest + 2))
        var text = ""
        for (index, word) in shown.enumerated() {
            let last = index + 1 == shown.count || (index + 1) % perRow == 0
            text += last ? word + "\n" : word + String(repeating: " ", count: widest + 2 - columns[index])
        }
        if words.count > listedWords { text += "… and \(words.count - listedWords) more\n" }
        return text
    }

    /// How many words a Tab lists: a state with thousands of members would fill the screen.
    static let listedWords = 100
}
