import Foundation

/// Decodes `Decodable` types straight from a ``JSONValue``, without turning it back into text.
///
/// It reads what the recorder's encoder writes: `Decimal` from the number's text (`9.99` stays
/// exactly 9.99), `URL` from a string, `Data` from base64, `Date` as seconds since 2001, integers
/// of every width with range checks, and Swift's synthesized `Codable` for enums
/// (`{"incrementBy":{"n":5}}`, `{"increment":{}}`, `{"setLoading":{"_0":true}}`).
///
/// ```swift
/// let json = try JSONParser.parse(#"{"incrementBy":{"n":5}}"#)
/// let action = try JSONValueDecoder().decode(Counter.Action.self, from: json)  // .incrementBy(n: 5)
/// ```
///
/// Errors are `DecodingError`s with the full coding path; ``describe(_:)`` turns one into a line
/// a person can act on.
public struct JSONValueDecoder: Sendable {
    /// Creates a decoder.
    public init() {}

    /// Decodes a value.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - value: The JSON to decode it from.
    /// - Returns: The decoded value.
    /// - Throws: `DecodingError` naming the coding path that failed.
    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        do {
            return try JSONTreeDecoder(value: value, codingPath: []).unbox(value, as: T.self, path: [])
        } catch {
            throw Self.explained(error, in: value)
        }
    }

    /// `error`, with the error Swift's synthesized `init(from:)` of an enum throws rewritten to
    /// say which keys were found in `root` (what the decode started from), and an error about
    /// the recorder's `"<redacted>"` placeholder rewritten to say that the value was redacted.
    /// `root` is only made for those two, so other errors cost nothing more.
    static func explained(_ error: any Error, in root: @autoclosure () throws -> JSONValue) -> any Error {
        guard let error = error as? DecodingError else { return error }
        switch error {
        case .typeMismatch(let type, let context) where context.debugDescription == synthesizedEnumMessage:
            guard let root = try? root() else { return error }
            return explainEnumMismatch(type, context, in: root)
        case .typeMismatch(_, let context), .dataCorrupted(let context):
            guard let root = try? root(), value(at: context.codingPath, in: root)?.isRedactionPlaceholder == true
            else { return error }
            return explainRedacted(error)
        default:
            return error
        }
    }

    /// What Swift's synthesized `init(from:)` of an enum says when the object does not hold
    /// exactly one key naming a case.
    private static let synthesizedEnumMessage = "Invalid number of keys found, expected one."

    /// Rewrites the synthesized enum error to say which keys were found.
    private static func explainEnumMismatch(
        _ type: Any.Type, _ context: DecodingError.Context, in root: JSONValue
    ) -> DecodingError {
        let name = typeName(type)
        let detail: String
        switch value(at: context.codingPath, in: root) {
        case .object(let object) where object.count == 1:
            detail = "unknown case \(quoted(object[0].key)) of \(name)"
        case .object(let object) where object.isEmpty:
            detail = "expected a case of \(name), found an empty object"
        case .object(let object):
            let keys = object.keys.prefix(4).map(quoted).joined(separator: ", ")
            let more = object.count > 4 ? ", …" : ""
            detail = "expected one key naming a case of \(name), found \(object.count) (\(keys)\(more))"
        default:
            return .typeMismatch(type, context)
        }
        let explained = DecodingError.Context(
            codingPath: context.codingPath, debugDescription: detail,
            underlyingError: DecodingError.typeMismatch(type, context))
        return .typeMismatch(type, explained)
    }

    /// The value a coding path leads to, when it leads anywhere.
    private static func value(at path: [any CodingKey], in root: JSONValue) -> JSONValue? {
        var current = root
        for key in path {
            if let index = arrayIndex(of: key) {
                guard let element = current[index] else { return nil }
                current = element
            } else {
                guard let member = current[key.stringValue] else { return nil }
                current = member
            }
        }
        return current
    }
}
