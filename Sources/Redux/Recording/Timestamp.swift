import Foundation

/// Formats instants as RFC 3339 UTC timestamps with milliseconds, e.g.
/// `2026-11-22T10:00:00.120Z`, without the cost or locale pitfalls of a date formatter.
enum Timestamp {
    static func string(from date: Date) -> String {
        var bytes: [UInt8] = []
        write(date, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the timestamp's bytes: the recorder writes one per entry, and building a
    /// `String` from seven padded pieces cost more than the rest of the line's members.
    static func write(_ date: Date, to output: inout some ByteOutput) {
        // Round to whole microseconds first: flooring the binary double straight to
        // milliseconds would turn 0.140 (stored as 0.13999…) into .139.
        let microseconds = Int64((date.timeIntervalSince1970 * 1_000_000).rounded())
        let (totalMilliseconds, _) = floorDivide(microseconds, 1000)
        let (days, millisecondOfDay) = floorDivide(totalMilliseconds, 86_400_000)
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        writePadded(year, 4, to: &output)
        output.append(UInt8(ascii: "-"))
        writePadded(month, 2, to: &output)
        output.append(UInt8(ascii: "-"))
        writePadded(day, 2, to: &output)
        output.append(UInt8(ascii: "T"))
        writePadded(millisecondOfDay / 3_600_000, 2, to: &output)
        output.append(UInt8(ascii: ":"))
        writePadded(millisecondOfDay / 60_000 % 60, 2, to: &output)
        output.append(UInt8(ascii: ":"))
        writePadded(millisecondOfDay / 1000 % 60, 2, to: &output)
        output.append(UInt8(ascii: "."))
        writePadded(millisecondOfDay % 1000, 3, to: &output)
        output.append(UInt8(ascii: "Z"))
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let quotient = value >= 0 ? value / divisor : (value - divisor + 1) / divisor
        return (quotient, value - quotient * divisor)
    }

    /// `value` in decimal, with zeros in front up to `width` characters; a negative year
    /// keeps its sign after the zeros (`00-5`), as this format always has.
    private static func writePadded(_ value: Int64, _ width: Int, to output: inout some ByteOutput) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: a sign and 19 digits fit
        withUnsafeMutableBytes(of: &digits) { raw in
            let buffer = raw.bindMemory(to: UInt8.self)
            var start = buffer.count
            var rest = value.magnitude
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            if value < 0 {
                start -= 1
                buffer[start] = UInt8(ascii: "-")
            }
            for _ in 0..<max(0, width - (buffer.count - start)) { output.append(UInt8(ascii: "0")) }
            output.appendBytes(UnsafeBufferPointer(rebasing: buffer[start...]))
        }
    }

    /// The proleptic Gregorian date of a day count since 1970-01-01 (Howard Hinnant's
    /// `civil_from_days`).
    private static func civilDate(daysSinceEpoch: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthPrime = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthPrime + 2) / 5 + 1
        let month = monthPrime < 10 ? monthPrime + 3 : monthPrime - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
