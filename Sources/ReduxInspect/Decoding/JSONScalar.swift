import Foundation
import Redux

/// A type read from one JSON scalar, as the recorder's encoder writes it.
///
/// Numbers and Booleans also read the recorder's `"<redacted>"` placeholder, as `0` and
/// `false`, `Data` as empty and `UUID` as the all-zero one: the recorder writes it for every
/// string and number under a redacted key, and a replay runs with a placeholder of the right
/// type there, as it runs with the placeholder itself where a `String` is expected. Only that
/// exact string; any other is an error.
protocol JSONScalar {
    /// Reads the value, or says what is wrong with the JSON; the caller adds the coding path.
    static func unbox(_ value: JSONValue) throws(ScalarProblem) -> Self
}

/// Why a JSON value is not a scalar of the type asked for.
enum ScalarProblem: Error {
    /// The value is of another JSON kind (`null` included).
    case wrongKind
    /// The number does not fit the type.
    case outOfRange
    /// The number has a fraction and the type is an integer.
    case notWhole
    /// The string is not in the form the type needs; the reason is a message fragment.
    case malformed(String)

    /// The `DecodingError` for this problem with `value` at `path`.
    func decodingError(_ type: Any.Type, _ value: JSONValue, _ path: [any CodingKey]) -> DecodingError {
        let expected = "expected \(JSONValueDecoder.typeName(type))"
        func corrupted(_ reason: String) -> DecodingError {
            let found = JSONValueDecoder.snippet(value)
            return .dataCorrupted(
                .init(codingPath: path, debugDescription: "\(expected), found \(found) (\(reason))"))
        }
        switch self {
        case .wrongKind:
            if case .null = value {
                return .valueNotFound(
                    type, .init(codingPath: path, debugDescription: "\(expected), found null"))
            }
            let found = JSONValueDecoder.found(value)
            return .typeMismatch(
                type, .init(codingPath: path, debugDescription: "\(expected), found \(found)"))
        case .outOfRange: return corrupted("out of range")
        case .notWhole: return corrupted("not a whole number")
        case .malformed(let reason): return corrupted(reason)
        }
    }
}

extension Bool: JSONScalar {
    static func unbox(_ value: JSONValue) throws(ScalarProblem) -> Bool {
        guard case .bool(let bool) = value else {
            if value.isRedactionPlaceholder { return false }
            throw .wrongKind
        }
        return bool
    }
}

extension String: JSONScalar {
    static func unbox(_ value: JSONValue) throws(ScalarProblem) -> String {
        guard case .string(let string) = value else { throw .wrongKind }
        return string
    }
}

extension JSONScalar where Self: FixedWidthInteger {
    /// Plain integer text converts directly; `5.0` and `1e2` are accepted as whole numbers,
    /// as `JSONDecoder` accepts them, but exactly, without going through `Double`.
    static func unbox(_ value: JSONValue) throws(ScalarProblem) -> Self {
        guard case .number(let number) = value else {
            if value.isRedactionPlaceholder { return 0 }
            throw .wrongKind
        }
        if let integer = Self(number.text) { return integer }
        switch WholeNumber(number.text) {
        case .digits(let digits):
            guard let integer = Self(digits) else { throw .outOfRange }
            return integer
        case .tooLarge: throw .outOfRange
        case .fraction: throw .notWhole
        }
    }
}

extension Int: JSONScalar {}
extension Int8: JSONScalar {}
extension Int16: JSONScalar {}
extension Int32: JSONScalar {}
extension Int64: JSONScalar {}
extension UInt: JSONScalar {}
extension UInt8: JSONScalar {}
extension UInt16: JSONScalar {}
extension UInt32: JSONScalar {}
extension UInt64: JSONScalar {}
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
extension Int128: JSONScalar {}
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
extension UInt128: JSONScalar {}

extension JSONScalar where Self: BinaryFloatingPoint & LosslessStringConvertible {
    /// Converts the number's text directly (so a `Float` is rounded once); infinity is out of range.
    static func unbox(_ value: JSONValue) throws(ScalarProblem) -> Self {
        guard case .number(let number) = value else {
            if value.isRedactionPlaceholder { return 0 }
            throw .wrongKind
        }
        guard let float = Self(number.text), float.isFinite else { throw .outOfRange }
        return float
    }
}

extension Double: JSONScalar {}
extension Float: JSONScalar {}

extension Decimal: JSONScalar {
    /// Reads the number's text, so `9.99` is exactly 9.99.
    static func unbox(_ value: JSONValue) throws(ScalarProblem) -> Decimal {
        guard case .number(let number) = value else {
            if value.isRedactionPlaceholder { return 0 }
            throw .wrongKind
        }
        guard let decimal = Decimal(string: number.text), !decimal.isNaN else { throw .outOfRange }
        return decimal
    }
}

extension URL: JSONScalar {
    static func unbox(_ value: JSONValue) throws(ScalarProblem) -> URL {
        guard case .string(let string) = value else { throw .wrongKind }
        guard let url = URL(string: string) else { throw .malformed("not a valid URL") }
        return url
    }
}

extension Data: JSONScalar {
    static func unbox(_ value: JSONValue) throws(ScalarProblem) -> Data {
        guard case .string(let string) = value else { throw .wrongKind }
        guard let data = Data(base64Encoded: string) else {
            if value.isRedactionPlaceholder { return Data() }
            throw .malformed("not valid base64")
        }
        return data
    }
}

extension UUID: JSONScalar {
    /// `UUID`'s own `Codable`: its string, in either case.
    static func unbox(_ value: JSONValue) throws(ScalarProblem) -> UUID {
        guard case .string(let string) = value else { throw .wrongKind }
        guard let uuid = UUID(uuidString: string) else {
            if value.isRedactionPlaceholder { return UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) }
            throw .malformed("not a valid UUID")
        }
        return uuid
    }
}

extension Date: JSONScalar {
    /// `Date`'s own `Codable`: seconds since 2001-01-01 as a number (so the placeholder is
    /// 2001-01-01 itself).
    static func unbox(_ value: JSONValue) throws(ScalarProblem) -> Date {
        Date(timeIntervalSinceReferenceDate: try Double.unbox(value))
    }
}

extension JSONValue {
    /// Whether the value is exactly the recorder's placeholder for a redacted string or number.
    var isRedactionPlaceholder: Bool {
        guard case .string(let string) = self else { return false }
        return string == RecordingEncoder.redactedPlaceholder
    }
}
