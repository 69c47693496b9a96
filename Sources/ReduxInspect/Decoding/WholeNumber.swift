/// The integer a JSON number's text denotes, when it is whole: `5.0` is 5, `-1.5e1` is -15,
/// `1e2` is 100, `2.5` has a fraction.
///
/// Worked out on the digits, so it is exact however many there are; only integer text that
/// `Int(_:)` did not already accept ends up here.
enum WholeNumber: Equatable {
    /// The integer as plain decimal digits, with a `-` when negative (`-0` is `0`).
    case digits(String)
    /// The number has a non-zero fraction.
    case fraction
    /// The number has more than 40 integer digits, beyond any integer type's range.
    case tooLarge

    /// Reads text already valid as an RFC 8259 number.
    init(_ text: String) {
        let bytes = Array(text.utf8)
        let negative = bytes.first == UInt8(ascii: "-")
        var position = negative ? 1 : 0
        var digits: [UInt8] = []
        var integerDigits = 0
        var seenPoint = false
        while position < bytes.count, bytes[position] | 0x20 != UInt8(ascii: "e") {
            if bytes[position] == UInt8(ascii: ".") {
                seenPoint = true
            } else {
                digits.append(bytes[position])
                if !seenPoint { integerDigits += 1 }
            }
            position += 1
        }
        let exponent = Self.exponent(bytes[min(position + 1, bytes.count)...])
        guard let firstNonZero = digits.firstIndex(where: { $0 != UInt8(ascii: "0") }) else {
            self = .digits("0")
            return
        }
        // Drop leading zeros; `point` is where the decimal point falls among what is left.
        let significant = digits[firstNonZero...]
        let point = integerDigits - firstNonZero + exponent
        guard point > 0 else {
            self = .fraction
            return
        }
        guard point <= 40 else {
            self = .tooLarge
            return
        }
        let integerPart = significant.prefix(point)
        guard significant.dropFirst(point).allSatisfy({ $0 == UInt8(ascii: "0") }) else {
            self = .fraction
            return
        }
        let zeros = [UInt8](repeating: UInt8(ascii: "0"), count: point - integerPart.count)
        self = .digits((negative ? "-" : "") + String(decoding: integerPart + zeros, as: UTF8.self))
    }

    /// The exponent after `e`, clamped to ±1,000,000 (far beyond any whole number we accept).
    private static func exponent(_ bytes: ArraySlice<UInt8>) -> Int {
        var bytes = bytes
        let negative = bytes.first == UInt8(ascii: "-")
        if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        var magnitude = 0
        for byte in bytes { magnitude = min(magnitude * 10 + Int(byte &- UInt8(ascii: "0")), 1_000_000) }
        return negative ? -magnitude : magnitude
    }
}
