import Redux

extension Predicate {
    /// Reads a predicate.
    ///
    /// - Parameter text: Such as `cart.total < 0 || !exists(user)`.
    /// - Throws: ``PredicateParseError`` naming the column where the text stops making sense.
    public init(parsing text: String) throws(PredicateParseError) {
        var parser = PredicateParser(text)
        self = try parser.readAll()
    }
}

/// A recursive-descent reader for ``Predicate``'s grammar, over Unicode scalars so that
/// columns in errors count what a person sees. Paths are handed to ``JSONPath/init(parsing:)``
/// and JSON literals to ``JSONParser``, and their errors are moved to the predicate's columns.
///
/// The tree it builds stays shallow, so that neither this reader nor the recursive walks of a
/// predicate (``Predicate/holds(in:)``, ``Predicate/paths``, its description, equality, freeing
/// it) can overflow the stack: `!` and parentheses nest at most ``maximumNesting`` levels, and a
/// chain of `&&` or `||` becomes a balanced tree, as deep as the logarithm of its length.
struct PredicateParser {
    /// The levels of `!` and parentheses that may be open at once: as deep as a recording's
    /// JSON may nest (``JSONParser/Options/maximumDepth``), far beyond any predicate a person
    /// writes, and far within the stack.
    static let maximumNesting = JSONParser.Options().maximumDepth

    let scalars: [Unicode.Scalar]
    var position = 0
    /// The levels of `!` and parentheses open at the current position.
    var nesting = 0

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    func peek(_ offset: Int) -> Unicode.Scalar? {
        position + offset < scalars.count ? scalars[position + offset] : nil
    }

    /// An error at the current position, or at `column` (1-based).
    func failure(_ message: String, column: Int? = nil) -> PredicateParseError {
        PredicateParseError(message, column: column ?? position + 1)
    }

    mutating func readAll() throws(PredicateParseError) -> Predicate {
        skipSpace()
        guard current != nil else { throw failure("expected a predicate, such as cart.total > 0") }
        let predicate = try readOr()
        skipSpace()
        switch current {
        case nil: return predicate
        case ")": throw failure(#"unexpected ")" without a matching "(""#)
        case "&" where peek(1) != "&": throw failure(#"expected "&&""#)
        case "|" where peek(1) != "|": throw failure(#"expected "||""#)
        default: throw failure(#"expected "&&", "||" or the end of the predicate"#)
        }
    }

    mutating func readOr() throws(PredicateParseError) -> Predicate {
        var operands = [try readAnd()]
        while skipSpace(), consume("||") {
            operands.append(try readAnd())
        }
        return Self.balanced(operands[...], Predicate.or)
    }

    mutating func readAnd() throws(PredicateParseError) -> Predicate {
        var operands = [try readUnary()]
        while skipSpace(), consume("&&") {
            operands.append(try readUnary())
        }
        return Self.balanced(operands[...], Predicate.and)
    }

    /// Joins a chain's operands in a balanced tree rather than one nested on the left, so that a
    /// chain of a million comparisons is 20 levels deep, not a million. `&&` and `||` are
    /// associative and evaluated left to right either way, so the shape changes no result; a
    /// chain of two or three keeps the shape it always had (`(a || b) || c`).
    ///
    /// - Parameters:
    ///   - operands: The chain's operands in order; at least one.
    ///   - join: `Predicate.and` or `Predicate.or`.
    static func balanced(
        _ operands: ArraySlice<Predicate>, _ join: (Predicate, Predicate) -> Predicate
    ) -> Predicate {
        guard operands.count > 1 else { return operands[operands.startIndex] }
        let middle = operands.startIndex + (operands.count + 1) / 2
        return join(balanced(operands[..<middle], join), balanced(operands[middle...], join))
    }

    /// Counts a `!` or `(` at the current position as one more level open, or throws when that
    /// is one more than ``maximumNesting``; the caller closes the level when done with it.
    mutating func openLevel() throws(PredicateParseError) {
        guard nesting < Self.maximumNesting else {
            throw failure(
                #"nested too deeply: at most \#(Self.maximumNesting) levels of "!" and parentheses"#)
        }
        nesting += 1
    }

    mutating func readUnary() throws(PredicateParseError) -> Predicate {
        skipSpace()
        if current == "!" && peek(1) != "=" {
            try openLevel()
            defer { nesting -= 1 }
            position += 1
            skipSpace()
            guard current != nil else { throw failure(#"expected a predicate after "!""#) }
            return .not(try readUnary())
        }
        if current == "(" {
            try openLevel()
            defer { nesting -= 1 }
            position += 1
            skipSpace()
            guard current != nil else { throw failure(#"expected a predicate after "(""#) }
            let inner = try readOr()
            skipSpace()
            guard current == ")" else {
                throw failure(current == nil ? #"expected ")""# : #"expected "&&", "||" or ")""#)
            }
            position += 1
            return inner
        }
        if let path = try readFunction("exists") { return .exists(path) }
        return try readComparison()
    }

    mutating func readComparison() throws(PredicateParseError) -> Predicate {
        let left = try readOperand()
        skipSpace()
        guard let operation = readOperator() else {
            if current == "=" { throw failure(#"expected "==" to compare, not "=""#) }
            let kind = if case .literal = left { "value" } else { "path" }
            throw failure("expected a comparison (==, !=, <, <=, >, >=) after the \(kind)")
        }
        skipSpace()
        guard current != nil else {
            throw failure("expected a path or a JSON value after \"\(operation.rawValue)\"")
        }
        return .comparison(left, operation, try readOperand())
    }

    mutating func readOperator() -> Predicate.ComparisonOperator? {
        for operation in [
            Predicate.ComparisonOperator.equal, .notEqual, .lessOrEqual, .greaterOrEqual, .less, .greater,
        ]
        where consume(operation.rawValue) {
            return operation
        }
        return nil
    }

    /// Reads `name(PATH)` when the text is at `name` followed by `(`; else reads nothing.
    mutating func readFunction(_ name: String) throws(PredicateParseError) -> JSONPath? {
        let start = position
        guard consume(name), !isWordScalar(current) else {
            position = start
            return nil
        }
        skipSpace()
        guard consume("(") else {
            position = start
            return nil
        }
        skipSpace()
        guard current != nil, current != ")" else { throw failure("expected a path in \(name)(…)") }
        let path = try readPath()
        skipSpace()
        guard current == ")" else { throw failure(#"expected ")" after the path"#) }
        position += 1
        return path
    }

    /// Skips spaces; returns `true` so that it can open a `while` condition.
    @discardableResult
    mutating func skipSpace() -> Bool {
        while let scalar = current, scalar.properties.isWhitespace { position += 1 }
        return true
    }

    /// Moves past `literal` when the text is at it.
    mutating func consume(_ literal: String) -> Bool {
        let expected = Array(literal.unicodeScalars)
        guard position + expected.count <= scalars.count,
            scalars[position..<position + expected.count].elementsEqual(expected)
        else { return false }
        position += expected.count
        return true
    }

    /// Whether the scalar can continue a bare word (`exists`, `true`, a key).
    func isWordScalar(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar, scalar.isASCII else { return false }
        let byte = UInt8(scalar.value)
        return PathText.isLetter(byte) || PathText.isDigit(byte) || byte == UInt8(ascii: "_")
    }
}
