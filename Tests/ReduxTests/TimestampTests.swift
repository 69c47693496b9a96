import Foundation
import Testing

@testable import Redux

/// ``Timestamp`` writes RFC 3339 UTC times with milliseconds, byte by byte; they must say what
/// Foundation's calendar says.
@Suite struct TimestampTests {
    /// What Foundation's Gregorian calendar says, in UTC, for the instant rounded to whole
    /// microseconds and cut to milliseconds. Foundation switches to the Julian calendar before
    /// 1582, so it is the reference for later instants only.
    static func reference(_ date: Date) -> String {
        func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
            value >= 0 ? value / divisor : (value - divisor + 1) / divisor
        }
        let milliseconds = floorDivide(Int64((date.timeIntervalSince1970 * 1_000_000).rounded()), 1000)
        let seconds = floorDivide(milliseconds, 1000)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents(
            [.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: Double(seconds)))
        func pad(_ value: Int?, _ width: Int) -> String {
            let digits = String(value ?? -1)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(parts.year, 4))-\(pad(parts.month, 2))-\(pad(parts.day, 2))T\(pad(parts.hour, 2)):"
            + "\(pad(parts.minute, 2)):\(pad(parts.second, 2)).\(pad(Int(milliseconds - seconds * 1000), 3))Z"
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
        // The proleptic Gregorian calendar before 1582, and years past 9999.
        #expect(Timestamp.string(from: Date(timeIntervalSince1970: -62_135_596_800)) == "0001-01-01T00:00:00.000Z")
        #expect(Timestamp.string(from: Date(timeIntervalSince1970: 253_402_300_800)) == "10000-01-01T00:00:00.000Z")
        for seconds in [0, -1, 0.9995, -0.0001, 951_782_400, 4_107_542_399.999, 253_402_300_799.999, -11_676_096_000] {
            Self.expectSame(Date(timeIntervalSince1970: seconds))
        }
    }

    @Test func randomInstants() {
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<5000 {
            // 1600 to 9999.
            Self.expectSame(Date(timeIntervalSince1970: Double.random(in: -11_676_096_000...253_402_300_799, using: &generator)))
            Self.expectSame(Date(timeIntervalSince1970: Double(Int.random(in: 0...4_000_000_000, using: &generator)) / 1000))
        }
    }
}
