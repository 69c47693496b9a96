import Foundation

/// Decodes `Decodable` types from a ``JSONValue``.
///
/// A stop-gap over Foundation's `JSONDecoder`; a decoder that walks the value directly
/// replaces it.
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
        try JSONDecoder().decode(T.self, from: Data(value.compactText.utf8))
    }

    /// A one-line description of a decoding error: the coding path and what was expected.
    ///
    /// - Parameter error: An error thrown by ``decode(_:from:)``.
    /// - Returns: `at loginRequest.password: expected a string, found a number`-style text.
    public static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return String(describing: error) }
        func path(_ codingPath: [any CodingKey]) -> String {
            let text = codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            let trimmed = text.hasPrefix(".") ? String(text.dropFirst()) : text
            return trimmed.isEmpty ? "(root)" : trimmed
        }
        switch error {
        case .typeMismatch(let type, let context):
            return "at \(path(context.codingPath)): expected \(type)"
        case .valueNotFound(let type, let context):
            return "at \(path(context.codingPath)): expected \(type), found null"
        case .keyNotFound(let key, let context):
            return "at \(path(context.codingPath + [key])): missing key \"\(key.stringValue)\""
        case .dataCorrupted(let context):
            return "at \(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return String(describing: error)
        }
    }
}
