import Foundation

extension JSONValueDecoder {
    /// A one-line description of a decoding error: where it happened and what was expected.
    ///
    /// ```text
    /// at loginRequest.password: expected String, found a number (42)
    /// at cart.items[0]: missing key "price"
    /// at (root): unknown case "fly" of Action
    /// at cart.items[2].quantity: expected Int8, found 300 (out of range)
    /// ```
    ///
    /// - Parameter error: An error thrown by ``decode(_:from:)``, or by a type's `init(from:)`.
    /// - Returns: `at PATH: what went wrong`, lower-case after the colon, on one line.
    public static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return oneLine(String(describing: error)) }
        switch error {
        case .typeMismatch(let type, let context):
            return "at \(path(context.codingPath)): \(detail(context, or: "expected \(typeName(type))"))"
        case .valueNotFound(let type, let context):
            return
                "at \(path(context.codingPath)): \(detail(context, or: "expected \(typeName(type)), found null"))"
        case .keyNotFound(let key, let context):
            return "at \(path(context.codingPath)): missing key \(quoted(key.stringValue))"
        case .dataCorrupted(let context):
            return "at \(path(context.codingPath)): \(oneLine(context.debugDescription))"
        @unknown default:
            return oneLine(String(describing: error))
        }
    }

    /// Our own messages are complete fragments; others are kept in parentheses after a
    /// fragment made from the error's type.
    private static func detail(_ context: DecodingError.Context, or fallback: String) -> String {
        let text = oneLine(context.debugDescription)
        if text.hasPrefix("expected ") || text.hasPrefix("unknown case ") { return text }
        return text.isEmpty ? fallback : "\(fallback) (\(text))"
    }

    /// `error`, about a value that is the recorder's `"<redacted>"` placeholder, rewritten to
    /// say so and how to avoid it. The decoders read the placeholder as a `String`, a number,
    /// a Boolean, a `Data` or a `UUID` (``JSONScalar``); another type that checks its string
    /// (an enum with `String` raw values) cannot be made from it, nor can an object or array
    /// from a recording made before redaction kept a value's shape.
    ///
    /// ```text
    /// at loggedIn.role: Cannot initialize Role from invalid String value <redacted>; the
    /// recorder redacted this value ("<redacted>"), which cannot stand in for it: to replay
    /// it, leave its key out of the Recorder's redactedKeys
    /// ```
    static func explainRedacted(_ error: DecodingError) -> DecodingError {
        func explained(_ context: DecodingError.Context) -> DecodingError.Context {
            var text = oneLine(context.debugDescription)
            while text.hasSuffix(".") { text.removeLast() }
            let hint =
                "the recorder redacted this value (\"<redacted>\"), which cannot stand in for it: "
                + "to replay it, leave its key out of the Recorder's redactedKeys"
            return .init(codingPath: context.codingPath, debugDescription: "\(text); \(hint)", underlyingError: error)
        }
        switch error {
        case .typeMismatch(let type, let context): return .typeMismatch(type, explained(context))
        case .dataCorrupted(let context): return .dataCorrupted(explained(context))
        default: return error
        }
    }

    /// A coding path as `cart.items[2].quantity`, or `(root)` when it is empty.
    static func path(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = arrayIndex(of: key) {
                text += "[\(index)]"
            } else if isPlainName(key.stringValue) {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            } else {
                text += "[\(quoted(key.stringValue))]"
            }
        }
        return text.isEmpty ? "(root)" : text
    }

    /// Where in the decoded value `error` happened, as a path a ``ValueLocator`` can find in
    /// the value's text: the value that did not decode, or for a missing key its object. The
    /// root for an error that is not a `DecodingError`.
    static func valuePath(of error: any Error) -> JSONPath {
        guard let error = error as? DecodingError else { return .root }
        let codingPath: [any CodingKey]
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
            .dataCorrupted(let context):
            codingPath = context.codingPath
        @unknown default:
            return .root
        }
        return JSONPath(codingPath.map { key in arrayIndex(of: key).map { .index($0) } ?? .key(key.stringValue) })
    }

    /// The array position a key stands for: keys made by unkeyed containers are spelled
    /// `Index N` (here and in Foundation), unlike an `Int`-backed `CodingKeys` case.
    static func arrayIndex(of key: any CodingKey) -> Int? {
        guard let index = key.intValue, key.stringValue == "Index \(index)" else { return nil }
        return index
    }

    /// A type's name for messages: `String`, `Int8`, `Action`, `Array<CartItem>`.
    static func typeName(_ type: Any.Type) -> String {
        if type == Date.self { return "Date (seconds since 2001-01-01)" }
        if type == Data.self { return "Data (base64)" }
        return String(describing: type)
    }

    /// A key in double quotes, with quotes and control characters escaped as in JSON.
    static func quoted(_ key: String) -> String {
        JSONValue.string(key).compactText
    }

    /// What a message says was found: `null`, `true`, `a number (42)`, `an object ({"n":5})`.
    static func found(_ value: JSONValue) -> String {
        switch value {
        case .null, .bool: value.compactText
        default: "\(value.kindName) (\(snippet(value)))"
        }
    }

    /// A value's compact JSON, cut short past 40 characters.
    static func snippet(_ value: JSONValue) -> String {
        let text = value.compactText
        return text.count <= 40 ? text : text.prefix(39) + "…"
    }

    private static func isPlainName(_ key: String) -> Bool {
        guard let first = key.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            return false
        }
        return key.utf8.allSatisfy { byte in
            byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
                || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
    }

    static func oneLine(_ text: String) -> String {
        guard text.contains(where: \.isNewline) else { return text }
        return text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
