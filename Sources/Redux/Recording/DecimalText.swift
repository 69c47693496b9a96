import Foundation

/// Writes a `Decimal` as the bytes of its `description` (`9.99`, `-0.001`, `1200`), about
/// forty times cheaper: Foundation's formatter divides a copy of the whole mantissa by ten
/// for every digit and builds the text in a `String` it then reverses, which was a fifth of
/// the recorder's writer thread.
///
/// Foundation keeps the fields it formats from (`_exponent`, `_length`, `_mantissa`)
/// internal on Linux, so they are read from the value's bytes. The layout those bytes have
/// is not promised anywhere: it is checked once against `description` on values covering
/// every branch of the format, and when no known layout matches, every value is formatted
/// with `description` itself.
enum DecimalText {
    /// How the fields sit in a `Decimal`'s 20 bytes; the mantissa is eight native-endian
    /// 16-bit words at offset 4 in both.
    enum Layout: CaseIterable {
        /// swift-foundation: byte 0 the exponent, byte 1 the length in its high nibble and
        /// the sign in bit 3.
        case swiftFoundation
        /// `NSDecimal` on Apple platforms: C bit-fields in the first 32-bit word, exponent
        /// in bits 0–7, length in bits 8–11, sign in bit 12.
        case bitFields
    }

    /// The layout this process's Foundation uses, or nil when none is known to match.
    static let layout: Layout? = Layout.allCases.first(where: matches)

    /// Appends `value`'s text to `output`.
    ///
    /// - Returns: False, appending nothing, when `value` is NaN (which JSON cannot hold).
    static func write(_ value: Decimal, to output: inout some ByteOutput) -> Bool {
        guard let layout else { return writeDescription(value, to: &output) }
        return write(value, layout, to: &output)
    }

    /// `value`'s text, as `description` would give it; nil for NaN.
    static func string(_ value: Decimal) -> String? {
        var bytes: [UInt8] = []
        guard write(value, to: &bytes) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func writeDescription(_ value: Decimal, to output: inout some ByteOutput) -> Bool {
        guard !value.isNaN else { return false }
        var text = value.description
        text.withUTF8 { output.appendBytes($0) }
        return true
    }

    static func write(_ value: Decimal, _ layout: Layout, to output: inout some ByteOutput) -> Bool {
        withUnsafeBytes(of: value) { raw -> Bool in
            guard raw.count == 20 else { return writeDescription(value, to: &output) }
            let exponent: Int
            let length: Int
            let isNegative: Bool
            switch layout {
            case .swiftFoundation:
                exponent = Int(Int8(bitPattern: raw[0]))
                length = Int(raw[1] >> 4)
                isNegative = raw[1] & 0b1000 != 0
            case .bitFields:
                let bits = raw.loadUnaligned(as: UInt32.self)
                exponent = Int(Int8(truncatingIfNeeded: bits))
                length = Int(bits >> 8 & 0xF)
                isNegative = bits >> 12 & 1 != 0
            }
            if length == 0 {
                // Foundation's NaN is the zero length with the sign set.
                guard !isNegative else { return false }
                output.append(UInt8(ascii: "0"))
                return true
            }
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 48) { digits in
                let count = writeDigits(raw, into: digits)
                format(UnsafeBufferPointer(rebasing: digits[(48 - count)...]), exponent, isNegative, to: &output)
                return true
            }
        }
    }

    /// Writes the mantissa's decimal digits at the end of `digits` (at most 39 of the 48
    /// bytes); returns how many. Like Foundation, this reads all eight words whatever the
    /// length field says, and a zero mantissa gives `0`.
    private static func writeDigits(_ raw: UnsafeRawBufferPointer, into digits: UnsafeMutableBufferPointer<UInt8>) -> Int {
        #if _endian(little)
            // Prices and totals fit in the low four words, which then read as one integer.
            if raw.loadUnaligned(fromByteOffset: 12, as: UInt64.self) == 0 {
                var rest = raw.loadUnaligned(fromByteOffset: 4, as: UInt64.self)
                var end = digits.count
                repeat {
                    end -= 1
                    digits[end] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
                    rest /= 10
                } while rest > 0
                return digits.count - end
            }
        #endif
        var words: (UInt16, UInt16, UInt16, UInt16, UInt16, UInt16, UInt16, UInt16) = (0, 0, 0, 0, 0, 0, 0, 0)
        return withUnsafeMutableBytes(of: &words) { wordBytes in
            wordBytes.copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[4..<20]))
            let words = wordBytes.bindMemory(to: UInt16.self)
            var used = 8
            while used > 0 && words[used - 1] == 0 { used -= 1 }
            var end = digits.count
            // Wider than 64 bits: peel off four digits at a time by long division.
            while used > 4 {
                var remainder: UInt32 = 0
                for index in stride(from: used - 1, through: 0, by: -1) {
                    let accumulator = remainder << 16 | UInt32(words[index])
                    words[index] = UInt16(accumulator / 10_000)
                    remainder = accumulator % 10_000
                }
                for _ in 0..<4 {
                    end -= 1
                    digits[end] = UInt8(ascii: "0") + UInt8(remainder % 10)
                    remainder /= 10
                }
                while used > 0 && words[used - 1] == 0 { used -= 1 }
            }
            var rest: UInt64 = 0
            for index in stride(from: used - 1, through: 0, by: -1) { rest = rest << 16 | UInt64(words[index]) }
            repeat {
                end -= 1
                digits[end] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            return digits.count - end
        }
    }

    /// Places the decimal point as Foundation does: trailing zeros for a positive exponent,
    /// `0.` and leading zeros when the point falls before the first digit, and every digit
    /// of the mantissa kept (`9.00` stays `9.00`).
    private static func format(
        _ digits: UnsafeBufferPointer<UInt8>, _ exponent: Int, _ isNegative: Bool, to output: inout some ByteOutput
    ) {
        if isNegative { output.append(UInt8(ascii: "-")) }
        let count = digits.count
        if exponent >= 0 {
            output.appendBytes(digits)
            for _ in 0..<exponent { output.append(UInt8(ascii: "0")) }
        } else if -exponent < count {
            output.appendBytes(UnsafeBufferPointer(rebasing: digits[..<(count + exponent)]))
            output.append(UInt8(ascii: "."))
            output.appendBytes(UnsafeBufferPointer(rebasing: digits[(count + exponent)...]))
        } else {
            output.append(UInt8(ascii: "0"))
            output.append(UInt8(ascii: "."))
            for _ in 0..<(-exponent - count) { output.append(UInt8(ascii: "0")) }
            output.appendBytes(digits)
        }
    }

    /// Whether formatting with `layout` gives `description` on values that take every path:
    /// zero, NaN, both signs, positive and negative exponents with the point inside and
    /// before the digits, trailing zeros kept by arithmetic, and mantissas of one to eight
    /// words.
    private static func matches(_ layout: Layout) -> Bool {
        let texts = [
            "0", "1", "-1", "9.99", "-0.001", "4.50", "1200", "1e5", "-7e-9", "0.5", "123.456",
            "65535", "65536", "4294967296", "18446744073709551616", "-99999999999999999999999999999999999999",
            "3402823669209384634633746074317682114.55", "1e-120", "12345678901234567890123e-10",
        ]
        var probes = texts.compactMap { Decimal(string: $0, locale: Locale(identifier: "en_US_POSIX")) }
        guard probes.count == texts.count else { return false }
        probes += [Decimal.nan, Decimal(string: "4.50")! * 2, Decimal(string: "0.10")! + Decimal(string: "0.20")!]
        probes += [Decimal.greatestFiniteMagnitude, Decimal.leastNonzeroMagnitude, -Decimal.greatestFiniteMagnitude]
        return probes.allSatisfy { probe in
            var bytes: [UInt8] = []
            let written = write(probe, layout, to: &bytes)
            return probe.isNaN ? !written && bytes.isEmpty : written && bytes.elementsEqual(probe.description.utf8)
        }
    }
}
