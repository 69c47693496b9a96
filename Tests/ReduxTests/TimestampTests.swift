import Foundation
import Testing

@testable import Redux

/// ``Timestamp`` writes bytes directly; they must be what the string-building version wrote.
@Suite struct TimestampTests {
    /// The former implementation, kept as the reference.
    static func reference(_ date: Date) -> String {
        func floorDivide(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
            let quotient = value >= 0 ? value / divisor : (value - divisor + 1) / divisor
            return (quotient, value - quotient * divisor)
        }
        func pad(_ value: Int64, _ width: Int) -> String {
            let digits = String(value)
            return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
        }
        let microseconds = Int64((date.timeIntervalSince1970 * 1_000_000).rounded())
        let (totalMilliseconds, _) = floorDivide(microseconds, 1000)
        let (days, millisecondOfDay) = floorDivide(totalMilliseconds, 86_400_000)
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthPrime = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthPrime + 2) / 5 + 1
        let month = monthPrime < 10 ? monthPrime + 3 : monthPrime - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        let hour = millisecondOfDay / 3_600_000
        let minute = millisecondOfDay / 60_000 % 60
        let second = millisecondOfDay / 1000 % 60
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):"
            + "\(pad(second, 2)).\(pad(millisecondOfDay % 1000, 3))Z"
    }

    static func expectSame(_ date: Date, sourceLocation: SourceLocation = #_sourceLocation) {
        var bytes: [UInt8] = Array("x".utf8)
        Timestamp.write(date, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "x" + reference(date), sourceLocation: sourceLocation)
        #expect(Timestamp.string(from: date) == reference(date), sourceLocation: sourceLocation)
    }

    @Test func examples() {
        #expect(Timestamp.string(from: Date(timeIntervalSince1970: 1_795_341_600.14)) == "2026-11-22T10:00:00.140Z")
        #expect(Timestamp.string(from: Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000Z")
        #expect(Timestamp.string(from: Date(timeIntervalSince1970: -0.0005)) == "1969-12-31T23:59:59.999Z")
        for seconds in [
            0, -1, 0.9995, -0.0001, 951_782_400, 4_107_542_399.999, 253_402_300_800, -62_135_596_800, -62_198_755_200, -62_300_000_000, 1e12, -1e12,
        ] {
            Self.expectSame(Date(timeIntervalSince1970: seconds))
        }
    }

    @Test func randomInstants() {
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<5000 {
            Self.expectSame(Date(timeIntervalSince1970: Double.random(in: -1e11...1e11, using: &generator)))
            Self.expectSame(Date(timeIntervalSince1970: Double(Int.random(in: 0...4_000_000_000, using: &generator)) / 1000))
        }
    }
}
