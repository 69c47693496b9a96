/// A condition on a state, such as `cart.total < 0`, `user.name == "ada"`,
/// `cart.items.count > 3 && !exists(error)` — what `bisect --until` looks for and what a `step`
/// breakpoint stops at.
///
/// Grammar (white space is free between tokens):
///
///     predicate  := or
///     or         := and ( "||" and )*
///     and        := unary ( "&&" unary )*
///     unary      := "!" unary | "(" predicate ")" | "exists(" PATH ")" | comparison
///     comparison := operand ( "==" | "!=" | "<" | "<=" | ">" | ">=" ) operand
///     operand    := PATH | PATH ".count" | "count(" PATH ")" | JSON literal
///
/// PATH is ``JSONPath``'s syntax (`cart.items[id=42].quantity`, `meta["content-type"]`); a path
/// that starts with a bracket is written with a leading dot (`.["content-type"]`, `.[0]`), since
/// a bare `[` starts a JSON array. The words `true`, `false` and `null` are literals; a key with
/// one of those names is written `.true` or `["true"]`. See ``holds(in:)`` for the meaning.
///
/// ```swift
/// let predicate = try Predicate(parsing: "cart.total > 50")
/// predicate.holds(in: state)   // true when the value at cart.total is a number above 50
/// ```
public indirect enum Predicate: Sendable, Hashable, CustomStringConvertible {
    /// Two operands compared.
    case comparison(Operand, ComparisonOperator, Operand)
    /// `exists(PATH)`: the state has a value at the path (`null` counts as a value).
    case exists(JSONPath)
    /// `!P`.
    case not(Predicate)
    /// `P && Q`.
    case and(Predicate, Predicate)
    /// `P || Q`.
    case or(Predicate, Predicate)

    /// One side of a comparison.
    public enum Operand: Sendable, Hashable, CustomStringConvertible {
        /// The value at a path of the state.
        case path(JSONPath)
        /// The size at a path: elements of an array, members of an object, characters of a
        /// string. Written `PATH.count` (`member` is `true`: an object's own `count` member wins)
        /// or `count(PATH)` (always the size).
        case count(JSONPath, member: Bool)
        /// A JSON value written in the predicate.
        case literal(JSONValue)

        public var description: String {
            switch self {
            case .path(let path): Predicate.pathText(path)
            case .count(let path, true): Predicate.pathText(path) + ".count"
            case .count(let path, false): "count(\(Predicate.pathText(path)))"
            case .literal(let value): value.compactText
            }
        }
    }

    /// How two operands are compared.
    public enum ComparisonOperator: String, Sendable, Hashable, CaseIterable {
        case equal = "=="
        case notEqual = "!="
        case less = "<"
        case lessOrEqual = "<="
        case greater = ">"
        case greaterOrEqual = ">="
    }

    /// The predicate as text that ``init(parsing:)`` reads back to an equivalent predicate,
    /// with single spaces around operators and only the parentheses needed.
    public var description: String {
        switch self {
        case .comparison(let left, let operation, let right): "\(left) \(operation.rawValue) \(right)"
        case .exists(let path): "exists(\(Predicate.pathText(path)))"
        case .not(let inner):
            switch inner {
            case .exists, .not: "!\(inner)"
            default: "!(\(inner))"
            }
        case .and(let left, let right): "\(left.grouped(inside: 2)) && \(right.grouped(inside: 2))"
        case .or(let left, let right): "\(left) || \(right)"
        }
    }

    /// The paths the predicate reads, in order of appearance, without repeats.
    public var paths: [JSONPath] { paths(countedToo: true, existsToo: true) }

    /// The paths of the predicate's operands, in order of appearance, without repeats: with
    /// or without those only counted (`.count`) and those only tested by `exists`.
    func paths(countedToo: Bool, existsToo: Bool) -> [JSONPath] {
        var result: [JSONPath] = []
        forEachPath { path, reading in
            switch reading {
            case .value: break
            case .size: guard countedToo else { return }
            case .presence: guard existsToo else { return }
            }
            if !result.contains(path) { result.append(path) }
        }
        return result
    }

    /// What the predicate reads at a path.
    enum PathReading {
        /// The value, compared.
        case value
        /// The size, counted.
        case size
        /// Whether there is a value, tested by `exists`.
        case presence
    }

    /// Calls `body` with each path of the predicate's operands, in order of appearance, repeats
    /// included, and what is read there.
    func forEachPath(_ body: (JSONPath, PathReading) -> Void) {
        forEachLeaf { comparison in
            for operand in [comparison.left, comparison.right] {
                switch operand {
                case .path(let path): body(path, .value)
                case .count(let path, _): body(path, .size)
                case .literal: break
                }
            }
        } exists: { path in
            body(path, .presence)
        }
    }

    /// Calls `body` with each comparison of the predicate, in order of appearance.
    func forEachComparison(_ body: (Operand, ComparisonOperator, Operand) -> Void) {
        forEachLeaf { body($0.left, $0.operation, $0.right) } exists: { _ in }
    }

    /// Calls `comparison` with each comparison and `exists` with each path tested for
    /// presence, in order of appearance: the leaves under `!`, `&&` and `||`.
    private func forEachLeaf(
        _ comparison: ((left: Operand, operation: ComparisonOperator, right: Operand)) -> Void,
        exists: (JSONPath) -> Void
    ) {
        switch self {
        case .comparison(let left, let operation, let right): comparison((left, operation, right))
        case .exists(let path): exists(path)
        case .not(let inner): inner.forEachLeaf(comparison, exists: exists)
        case .and(let left, let right), .or(let left, let right):
            left.forEachLeaf(comparison, exists: exists)
            right.forEachLeaf(comparison, exists: exists)
        }
    }

    /// The text in parentheses when its operator binds less tightly than `level` (2: `&&`).
    private func grouped(inside level: Int) -> String {
        if case .or = self, level >= 2 { return "(\(self))" }
        return description
    }

    /// A path as the predicate syntax writes it: `.` for the root, a leading dot before a
    /// bracket or a key spelt like a literal, and a last key `count` quoted so that it does not
    /// read as the size.
    static func pathText(_ path: JSONPath) -> String {
        guard let last = path.components.last else { return "." }
        var text = ""
        for (offset, component) in path.components.dropLast().enumerated() {
            JSONPath.write(component, first: offset == 0, to: &text)
        }
        if path.components.count > 1, last == .key(JSONPath.sizeName) {
            text += JSONPath.quotedSizeName
        } else {
            JSONPath.write(last, first: path.components.count == 1, to: &text)
        }
        return operandText(text, startingWith: path.components[0])
    }

    /// A path's text, whose first step is `first`, as it starts an operand: with a leading
    /// dot before a bracket, which would begin an array, or before a first key spelt like a
    /// literal (`true`, `false`, `null`).
    static func operandText(_ text: String, startingWith first: JSONPath.Component) -> String {
        let literalWords: Set<JSONPath.Component> = [.key("true"), .key("false"), .key("null")]
        return text.hasPrefix("[") || literalWords.contains(first) ? "." + text : text
    }
}
