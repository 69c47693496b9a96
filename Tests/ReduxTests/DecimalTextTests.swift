import Foundation
import Testing

@testable import Redux

/// ``DecimalText`` must write exactly `Decimal.description`, and refuse NaN as the encoders do.
@Suite struct DecimalTextTests {
    static func expectDescription(_ value: Decimal, sourceLocation: SourceLocation = #_sourceLocation) {
        let expected: String? = value.isNaN ? nil : value.description
        #expect(DecimalText.string(value) == expected, "\(bits(value))", sourceLocation: sourceLocation)
        var bytes: [UInt8] = Array("x".utf8)
        #expect(DecimalText.write(value, to: &bytes) == (expected != nil), sourceLocation: sourceLocation)
        #expect(bytes == Array(("x" + (expected ?? "")).utf8), sourceLocation: sourceLocation)
    }

    static func bits(_ value: Decimal) -> [UInt8] {
        withUnsafeBytes(of: value) { Array($0) }
    }

    static func decimal(_ text: String) -> Decimal {
        Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))!
    }

    @Test func theFastPathIsUsed() {
        #if os(Linux)
            #expect(DecimalText.layout == .swiftFoundation)
        #endif
    }

    @Test func edgeCases() {
        let texts = [
            "0", "-0", "0.000", "-0.000", "1", "-1", "9.99", "-9.99", "4.50", "0.001", "-0.001", "1200", "1e127",
            "-1e127", "1e-127", "-1e-128", "0.5", "10", "100000", "65535", "65536", "4294967295", "4294967296",
            "18446744073709551615", "18446744073709551616", "99999999999999999999999999999999999999",
            "-99999999999999999999999999999999999999", "0.99999999999999999999999999999999999999",
            "12345678901234567890123456789012345678e90", "12345678901234567890123456789012345678e-128",
            "340282366920938463463374607431768211455", "1000000000000000000000", "123.456e3", "123.456e-3",
        ]
        for text in texts { Self.expectDescription(Self.decimal(text)) }
        let values: [Decimal] = [
            .nan, .quietNaN, .greatestFiniteMagnitude, .leastFiniteMagnitude, .leastNonzeroMagnitude,
            .leastNormalMagnitude, -Decimal(0), Decimal(sign: .minus, exponent: 0, significand: 0), .pi, -.pi,
            Decimal(Int.min), Decimal(UInt64.max), Decimal(0.1), Decimal(1e-20), Decimal(-123.25),
            Decimal(sign: .minus, exponent: -5, significand: 42), Decimal(sign: .plus, exponent: 20, significand: 7),
        ]
        for value in values { Self.expectDescription(value) }
    }

    /// Arithmetic keeps trailing zeros and leaves values uncompacted (`9.00`, not `9`).
    @Test func arithmeticResults() {
        let operands = ["4.50", "12.99", "0.10", "0.20", "3", "-2.5", "1e-10", "7e20", "0.333", "100"].map(Self.decimal)
        for a in operands {
            for b in operands {
                Self.expectDescription(a + b)
                Self.expectDescription(a - b)
                Self.expectDescription(a * b)
                Self.expectDescription(a / b)
                Self.expectDescription(a * 2 - b)
            }
        }
    }

    @Test(arguments: 0..<8) func randomTexts(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(1000 + seed))
        for _ in 0..<500 {
            let digits = (0..<Int.random(in: 1...38, using: &generator)).map { _ in
                String(Int.random(in: 0...9, using: &generator))
            }.joined()
            let sign = Bool.random(using: &generator) ? "-" : ""
            let exponent = Int.random(in: -90...90, using: &generator)
            let point = Int.random(in: 0...digits.count, using: &generator)
            let text = sign + digits.prefix(point) + "." + digits.dropFirst(point) + "0" + "e\(exponent)"
            guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else { continue }
            Self.expectDescription(value)
            Self.expectDescription(value * Self.decimal("1.0"))
        }
    }

    /// Any bit pattern, including ones Foundation's arithmetic never leaves: zero high words,
    /// words beyond the length, a zero mantissa with a length, the sign on zero, lengths
    /// above 8.
    @Test(arguments: 0..<8) func randomBitPatterns(seed: Int) throws {
        try #require(DecimalText.layout == .swiftFoundation)
        var generator = SeededGenerator(seed: UInt64(2000 + seed))
        for _ in 0..<500 {
            var value = Decimal()
            withUnsafeMutableBytes(of: &value) { raw in
                for index in raw.indices { raw[index] = UInt8.random(in: 0...255, using: &generator) }
                let length = UInt8.random(in: 0...15, using: &generator)
                raw[1] = length << 4 | raw[1] & 0x0F
                // Small mantissas and zero words are what real values hold: make them common.
                let clearUnused = Bool.random(using: &generator)
                for word in 0..<8
                where (clearUnused && Int(length) <= word) || Int.random(in: 0..<4, using: &generator) == 0 {
                    raw[4 + 2 * word] = 0
                    raw[5 + 2 * word] = 0
                }
            }
            Self.expectDescription(value)
        }
    }
}
