/// Reading the arguments of `step` commands: counts, paths, numbers.
extension StepCommandParser {
    /// `text` without leading and trailing white space.
    static func trim(_ text: some StringProtocol) -> String {
        String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }

    /// The paths of `watch` and `unwatch`, separated by white space outside brackets and quotes.
    static func paths(_ text: String) throws(StepInputError) -> [PathReading] {
        var result: [PathReading] = []
        for word in words(text) {
            do {
                result.append(PathReading(try JSONPath(parsing: word), writtenAs: word))
            } catch {
                throw StepInputError("invalid path '\(TerminalText.echo(word))': \(error)")
            }
        }
        return result
    }

    /// Splits at white space that is outside brackets and JSON strings.
    static func words(_ text: String) -> [String] {
        let characters = Array(text)
        return wordRanges(in: characters).map { String(characters[$0]) }
    }

    /// Where the words of `characters` are: white space outside brackets and JSON strings
    /// separates them (`watch items[id="a b"] total` has two). Tab's completion reads the
    /// line the same way.
    static func wordRanges(in characters: [Character]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start: Int?
        var depth = 0
        var strings = JSONStringTracker()
        for (index, character) in characters.enumerated() {
            if strings.take(character) {
                // In a string, or its quotes: part of the word.
            } else if character == "[" {
                depth += 1
            } else if character == "]" {
                depth = max(0, depth - 1)
            } else if depth == 0 && character.isWhitespace {
                if let begun = start { ranges.append(begun..<index) }
                start = nil
                continue
            }
            if start == nil { start = index }
        }
        if let begun = start { ranges.append(begun..<characters.count) }
        return ranges
    }

    /// Watchpoint and breakpoint numbers, separated by white space; none is allowed.
    static func numbers(_ text: String, command: String) throws(StepInputError) -> [Int] {
        var result: [Int] = []
        for word in text.split(whereSeparator: \.isWhitespace) {
            guard let number = Int(word), number > 0 else {
                throw StepInputError("'\(command)' expects watchpoint or breakpoint numbers, found '\(TerminalText.echo(word))'")
            }
            result.append(number)
        }
        return result
    }

    /// A step count: 1 when omitted, else a positive integer; one too large for `Int` is as
    /// many steps as there can be, so that `n 99999999999999999999` goes to the end as
    /// `b 100` goes to the start.
    static func count(_ text: String, command: String) throws(StepInputError) -> Int {
        if text.isEmpty { return 1 }
        if let count = Int(text), count > 0 { return count }
        let digits = text.hasPrefix("+") ? text.dropFirst() : Substring(text)
        let isDigits = digits.utf8.allSatisfy { $0 &- UInt8(ascii: "0") < 10 }
        guard !digits.isEmpty, isDigits, digits.contains(where: { $0 != "0" }) else {
            throw StepInputError("'\(command)' expects a positive number of steps, found '\(TerminalText.echo(text))'")
        }
        return Int.max
    }
}

/// Whether a scan of a command line is inside a JSON string (a quoted key or id), fed one
/// character at a time, so that brackets, dots and blanks there are taken as text.
struct JSONStringTracker {
    private var inString = false
    private var escaped = false

    /// Takes the next character; returns whether it belongs to a string, its quotes included.
    mutating func take(_ character: Character) -> Bool {
        if inString {
            if escaped {
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                inString = false
            }
            return true
        }
        if character == "\"" {
            inString = true
            return true
        }
        return false
    }
}
