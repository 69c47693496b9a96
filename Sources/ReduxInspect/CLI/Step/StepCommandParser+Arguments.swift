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
        var words: [String] = []
        var word = String.UnicodeScalarView()
        var depth = 0
        var inString = false
        var escaped = false
        for scalar in text.unicodeScalars {
            if inString {
                if escaped {
                    escaped = false
                } else if scalar == "\\" {
                    escaped = true
                } else if scalar == "\"" {
                    inString = false
                }
            } else if scalar == "\"" {
                inString = true
            } else if scalar == "[" {
                depth += 1
            } else if scalar == "]" {
                depth = max(0, depth - 1)
            } else if depth == 0 && scalar.properties.isWhitespace {
                if !word.isEmpty { words.append(String(word)) }
                word = String.UnicodeScalarView()
                continue
            }
            word.append(scalar)
        }
        if !word.isEmpty { words.append(String(word)) }
        return words
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
