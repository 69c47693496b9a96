extension PredicateParser {
    /// Reads a path, a size (`PATH.count`, `count(PATH)`) or a JSON literal.
    mutating func readOperand() throws(PredicateParseError) -> Predicate.Operand {
        guard let scalar = current else { throw failure("expected a path or a JSON value") }
        switch scalar {
        case "\"", "[", "{", "-", "0"..."9":
            return .literal(try readLiteral())
        default:
            break
        }
        for word in ["true", "false", "null"] {
            let start = position
            if consume(word) {
                if !isWordScalar(current) && current != "." && current != "[" {
                    return .literal(try parseJSON(from: start))
                }
                position = start
            }
        }
        if let path = try readFunction("count") { return .count(path, member: false) }
        guard scalar == "." || isWordScalar(scalar) else {
            throw failure("expected a path or a JSON value")
        }
        let start = position
        let path = try readPath()
        return .reading(path, writtenAs: String(String.UnicodeScalarView(scalars[start..<position])))
    }

    /// Reads a path: everything up to white space, an operator, a parenthesis or a comma, with
    /// brackets (and the strings in them) taken whole.
    mutating func readPath() throws(PredicateParseError) -> JSONPath {
        let start = position
        var depth = 0
        scan: while let scalar = current {
            switch scalar {
            case "[":
                depth += 1
            case "]":
                depth = max(0, depth - 1)
            case "\"" where depth > 0:
                skipString()
                continue scan
            case "=", "!", "<", ">", "&", "|", "(", ")", ",":
                if depth == 0 { break scan }
            default:
                if depth == 0 && scalar.properties.isWhitespace { break scan }
            }
            position += 1
        }
        let text = String(String.UnicodeScalarView(scalars[start..<position]))
        guard !text.isEmpty else { throw failure("expected a path") }
        do {
            return try JSONPath(parsing: text)
        } catch {
            switch error {
            case .unexpected(let expected, let column):
                throw failure("invalid path: expected \(expected)", column: start + column)
            }
        }
    }

    /// Moves past a JSON string whose opening quote is at the current position (or to the end).
    mutating func skipString() {
        position += 1
        while let scalar = current {
            position += 1
            if scalar == "\\" {
                position = min(position + 1, scalars.count)
            } else if scalar == "\"" {
                return
            }
        }
    }

    /// Reads a JSON literal: a string, number, array or object (the words are read by the caller).
    mutating func readLiteral() throws(PredicateParseError) -> JSONValue {
        let start = position
        switch current {
        case "\"":
            skipString()
        case "[", "{":
            var depth = 0
            while let scalar = current {
                if scalar == "\"" {
                    skipString()
                    continue
                }
                position += 1
                if scalar == "[" || scalar == "{" { depth += 1 }
                if scalar == "]" || scalar == "}" {
                    depth -= 1
                    if depth == 0 { break }
                }
            }
        default:
            while let scalar = current, "0123456789+-.eE".unicodeScalars.contains(scalar) { position += 1 }
        }
        return try parseJSON(from: start)
    }

    /// Parses the text from `start` to the current position as JSON.
    func parseJSON(from start: Int) throws(PredicateParseError) -> JSONValue {
        let text = String(String.UnicodeScalarView(scalars[start..<position]))
        do {
            return try JSONParser.parse(text)
        } catch {
            throw failure("invalid JSON value: \(error.reason)", column: start + error.column)
        }
    }
}

extension Predicate.Operand {
    /// What a path stands for as an operand, given how it was written: `PATH.count` (a size,
    /// or the object's own `count` member, see ``Predicate/holds(in:)``) when its last step is
    /// the key `count` written `.count` after another step; else the value at the path.
    ///
    /// `show --path` reads its path this way too, so that `cart.items.count` is the same
    /// there as in a predicate.
    ///
    /// - Parameters:
    ///   - path: The path as parsed.
    ///   - text: The path as written: `cart.items.count` is a size, `cart.items["count"]` a member.
    /// - Returns: `.count(parent, member: true)` or `.path(path)`.
    static func reading(_ path: JSONPath, writtenAs text: String) -> Self {
        if path.components.count > 1, path.components.last == .key("count"), text.hasSuffix(".count") {
            return .count(JSONPath(path.components.dropLast()), member: true)
        }
        return .path(path)
    }
}
