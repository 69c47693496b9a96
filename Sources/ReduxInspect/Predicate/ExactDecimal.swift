/// A JSON number's exact value, for comparing numbers by what they mean rather than how they
/// are written: `1`, `1.0` and `10e-1` are equal, `0.1 + 0.2`-style binary rounding never
/// happens, and `1e400` is simply larger than `1e399`.
///
/// The value is `±0.d₁d₂…dₙ × 10^exponent` with no leading or trailing zero digit; zero has no
/// digits and is never negative, so `-0` equals `0`.
///
/// ```swift
/// ExactDecimal(JSONNumber("2.50")) == ExactDecimal(JSONNumber("2.5"))   // true
/// ExactDecimal(JSONNumber("9.99")) < ExactDecimal(JSONNumber("10"))     // true
/// ```
public struct ExactDecimal: Sendable, Hashable, Comparable {
    /// Whether the value is below zero.
    public let isNegative: Bool
    /// The significant digits (0–9), first digit non-zero, last digit non-zero; empty for zero.
    public let digits: [UInt8]
    /// The power of ten that the fraction `0.digits` is multiplied by.
    public let exponent: Int

    /// The exponent magnitude kept; larger ones are clamped to it. A number so clamped still
    /// orders correctly against every number whose exponent is within the limit, but two clamped
    /// the same way compare by their digits alone (`1e9999999999999999999` equals
    /// `1e99999999999999999999`).
    static let exponentLimit = Int.max / 4

    /// Where reading the written exponent's digits stops: twice ``exponentLimit``, so that moving
    /// the point by the digit count (at most the text's length) cannot bring an exponent read
    /// as this back within the limit, while `* 10` and that move stay far from overflowing.
    private static let writtenExponentLimit = Int.max / 2

    /// Reads a number's text.
    ///
    /// - Parameter number: A number as the JSON parser keeps it (RFC 8259 syntax).
    public init(_ number: JSONNumber) {
        self.init(text: number.text)
    }

    /// Reads RFC 8259 number text; characters that are not part of a number are ignored.
    ///
    /// - Parameter text: Such as `-12.50e3`.
    public init(text: String) {
        var negative = false
        var all: [UInt8] = []
        var integerCount = 0
        var inFraction = false
        var exponentValue = 0
        var exponentNegative = false
        var inExponent = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "-") where !inExponent: negative = true
            case UInt8(ascii: "-"): exponentNegative = true
            case UInt8(ascii: "."): inFraction = true
            case UInt8(ascii: "e"), UInt8(ascii: "E"): inExponent = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let digit = byte - UInt8(ascii: "0")
                if inExponent {
                    // Saturates before `* 10` could overflow, as a 19-digit exponent such as
                    // `9e9999999999999999999` would.
                    let limit = Self.writtenExponentLimit
                    exponentValue =
                        exponentValue <= (limit - Int(digit)) / 10 ? exponentValue * 10 + Int(digit) : limit
                } else {
                    all.append(digit)
                    if !inFraction { integerCount += 1 }
                }
            default: continue
            }
        }
        let leadingZeros = all.prefix { $0 == 0 }.count
        guard leadingZeros < all.count else {
            self.isNegative = false
            self.digits = []
            self.exponent = 0
            return
        }
        let trailingZeros = all.reversed().prefix { $0 == 0 }.count
        let written = exponentNegative ? -exponentValue : exponentValue
        self.isNegative = negative
        self.digits = Array(all[leadingZeros..<(all.count - trailingZeros)])
        self.exponent = max(
            -Self.exponentLimit, min(Self.exponentLimit, integerCount - leadingZeros + written))
    }

    /// Whether the value is zero.
    public var isZero: Bool { digits.isEmpty }

    public static func < (lhs: ExactDecimal, rhs: ExactDecimal) -> Bool {
        let left = lhs.sign
        let right = rhs.sign
        if left != right { return left < right }
        if left == 0 { return false }
        // Same sign, both non-zero: compare magnitudes, reversed for negative numbers.
        return lhs.isNegative ? magnitudeLess(rhs, lhs) : magnitudeLess(lhs, rhs)
    }

    /// -1, 0 or 1.
    private var sign: Int { isZero ? 0 : (isNegative ? -1 : 1) }

    private static func magnitudeLess(_ lhs: ExactDecimal, _ rhs: ExactDecimal) -> Bool {
        if lhs.exponent != rhs.exponent { return lhs.exponent < rhs.exponent }
        return lhs.digits.lexicographicallyPrecedes(rhs.digits)
    }
}
