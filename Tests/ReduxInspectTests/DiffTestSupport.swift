@testable import ReduxInspect

/// A small RFC 6902 implementation, written apart from the library on purpose: it reads pointer
/// text itself rather than using `JSONPointer`, so the property tests check the library's
/// escaping and index bookkeeping against the RFC, not against itself.
enum TestPatch {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Applies `patch` (an array of operation objects) to `document`, operation by operation.
    static func apply(_ patch: JSONValue, to document: JSONValue) throws -> JSONValue {
        guard case .array(let operations) = patch else { throw Failure(description: "patch is not an array") }
        var result = document
        for (offset, operation) in operations.enumerated() {
            do {
                try apply(operation, to: &result)
            } catch let failure as Failure {
                throw Failure(description: "operation \(offset) \(operation.compactText): \(failure)")
            }
        }
        return result
    }

    static func apply(_ operation: JSONValue, to document: inout JSONValue) throws {
        guard case .string(let op)? = operation["op"], case .string(let pathText)? = operation["path"] else {
            throw Failure(description: "missing op or path")
        }
        let path = try tokens(pathText)
        func from() throws -> [String] {
            guard case .string(let text)? = operation["from"] else {
                throw Failure(description: "missing from")
            }
            return try tokens(text)
        }
        func value() throws -> JSONValue {
            guard let value = operation["value"] else { throw Failure(description: "missing value") }
            return value
        }
        switch op {
        case "add":
            try add(try value(), at: path[...], in: &document)
        case "remove":
            _ = try remove(at: path[...], in: &document)
        case "replace" where path.isEmpty:
            document = try value()
        case "replace":
            _ = try remove(at: path[...], in: &document)
            try add(try value(), at: path[...], in: &document)
        case "move":
            let source = try from()
            guard source == path || !path.starts(with: source) else {
                throw Failure(description: "cannot move a value into itself")
            }
            let moved = try remove(at: source[...], in: &document)
            try add(moved, at: path[...], in: &document)
        case "copy":
            try add(try get(try from(), in: document), at: path[...], in: &document)
        case "test":
            guard try get(path, in: document) == (try value()) else {
                throw Failure(description: "test failed")
            }
        default:
            throw Failure(description: "unknown op \(op)")
        }
    }

    /// Splits pointer text into tokens: `~1` becomes `/`, then `~0` becomes `~` (RFC 6901 §4).
    static func tokens(_ text: String) throws -> [String] {
        guard !text.isEmpty else { return [] }
        guard text.first == "/" else { throw Failure(description: "pointer \(text) does not start with /") }
        return text.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
            String($0).replacing("~1", with: "/").replacing("~0", with: "~")
        }
    }

    static func get(_ path: [String], in document: JSONValue) throws -> JSONValue {
        var value = document
        for token in path {
            switch value {
            case .object(let object):
                guard let member = object[token] else { throw Failure(description: "no member \(token)") }
                value = member
            case .array(let elements):
                value = elements[try index(token, count: elements.count, allowingEnd: false)]
            default:
                throw Failure(description: "cannot step into a scalar with \(token)")
            }
        }
        return value
    }

    static func add(_ newValue: JSONValue, at path: ArraySlice<String>, in document: inout JSONValue) throws {
        guard let token = path.first else {
            document = newValue
            return
        }
        let rest = path.dropFirst()
        switch document {
        case .object(var object):
            if rest.isEmpty {
                object[token] = newValue
            } else {
                guard var child = object[token] else { throw Failure(description: "no member \(token)") }
                try add(newValue, at: rest, in: &child)
                object[token] = child
            }
            document = .object(object)
        case .array(var elements):
            if rest.isEmpty {
                let position =
                    token == "-" ? elements.count : try index(token, count: elements.count, allowingEnd: true)
                elements.insert(newValue, at: position)
            } else {
                let position = try index(token, count: elements.count, allowingEnd: false)
                try add(newValue, at: rest, in: &elements[position])
            }
            document = .array(elements)
        default:
            throw Failure(description: "cannot add into a scalar at \(token)")
        }
    }

    /// Removes and returns the value at `path`, which must exist.
    static func remove(at path: ArraySlice<String>, in document: inout JSONValue) throws -> JSONValue {
        guard let token = path.first else { throw Failure(description: "cannot remove the root") }
        let rest = path.dropFirst()
        switch document {
        case .object(var object):
            guard var child = object[token] else { throw Failure(description: "no member \(token)") }
            let removed: JSONValue
            if rest.isEmpty {
                removed = child
                object[token] = nil
            } else {
                removed = try remove(at: rest, in: &child)
                object[token] = child
            }
            document = .object(object)
            return removed
        case .array(var elements):
            let position = try index(token, count: elements.count, allowingEnd: false)
            let removed =
                rest.isEmpty ? elements.remove(at: position) : try remove(at: rest, in: &elements[position])
            document = .array(elements)
            return removed
        default:
            throw Failure(description: "cannot remove from a scalar at \(token)")
        }
    }

    /// An array index token: digits without leading zeros, within bounds.
    static func index(_ token: String, count: Int, allowingEnd: Bool) throws -> Int {
        guard let position = Int(token), token.allSatisfy(\.isASCII), token.allSatisfy(\.isNumber),
            token == "0" || !token.hasPrefix("0")
        else { throw Failure(description: "bad array index \(token)") }
        guard position >= 0, allowingEnd ? position <= count : position < count else {
            throw Failure(description: "index \(position) out of bounds for \(count) elements")
        }
        return position
    }
}

/// A seeded generator (SplitMix64), so a failing property case can be replayed from its seed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

/// A number with exactly this text, for prices such as `4.50` that a float literal would lose.
func number(_ text: String) -> JSONValue {
    .number(JSONNumber(text))
}
