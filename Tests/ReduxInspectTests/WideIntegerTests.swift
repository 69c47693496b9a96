import Foundation
@testable import Redux
import Testing

@testable import ReduxInspect

/// `Int128` and `UInt128`, which Foundation's coders read and write as plain numbers: the
/// recorder writes them (in every kind of container, the tree encoder too), and both of the
/// inspector's decoders read them back, out-of-range values failing as for other integers.
@Suite struct WideIntegerTests {
    @Test func recordedAsFoundationWritesThemAndReadBack() throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) else { return }
        try Wide128.recordedAsFoundationWritesThemAndReadBack()
    }

    @Test func redactedAsOtherNumbersAre() throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) else { return }
        try Wide128.redactedAsOtherNumbersAre()
    }
}

/// The values and checks of ``WideIntegerTests``, where the types exist.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
enum Wide128 {
    struct Single: Codable, Equatable {
        var value: UInt128
        init(_ value: UInt128) { self.value = value }
        init(from decoder: any Decoder) throws { value = try decoder.singleValueContainer().decode(UInt128.self) }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(value)
        }
    }

    struct Wide: Codable, Equatable {
        var signed = Int128.min
        var unsigned = UInt128.max
        var list: [Int128] = [-1, 0, .max]
        var single = Single(UInt128(UInt64.max) + 1)
        var byKey: [String: UInt128] = ["b": 2, "a": 1]
        var absent: Int128? = nil
        var present: UInt128? = 5
    }

    static func recordedAsFoundationWritesThemAndReadBack() throws {
        let value = Wide()
        let recorded = try RecordingEncoder().encode(value)
        let text = String(decoding: recorded, as: UTF8.self)
        #expect(
            text == #"{"signed":-170141183460469231731687303715884105728,"#
                + #""unsigned":340282366920938463463374607431768211455,"list":[-1,0,170141183460469231731687303715884105727],"#
                + #""single":18446744073709551616,"byKey":{"a":1,"b":2},"present":5}"#)
        // The tree encoder (the console logger's, and the recorder's fallback) writes the same.
        var tree: [UInt8] = []
        JSONLineWriter(redactedKeys: []).write(try EncodedValue.encode(value), to: &tree)
        #expect(tree == recorded)
        #expect(try JSONDecoder().decode(Wide.self, from: Data(recorded)) == value)
        let foundation = try JSONEncoder().encode(value)
        for bytes in [recorded, Array(foundation)] {
            #expect(try RedactedPlaceholderDecodingTests.decode(Wide.self, String(decoding: bytes, as: UTF8.self)) == value)
        }
        // Whole numbers written otherwise, as for other integers.
        #expect(try RedactedPlaceholderDecodingTests.decode([Int128].self, "[1e30,-2.0]") == [Int128(10).power(30), -2])
        let tooLarge = RedactedPlaceholderDecodingTests.failure([UInt128].self, "[340282366920938463463374607431768211456]")
        #expect(tooLarge?.contains("out of range") == true, "\(tooLarge ?? "")")
    }

    static func redactedAsOtherNumbersAre() throws {
        struct Secret: Codable, Equatable { var token: Int128 = 42 }
        let text = String(decoding: try RecordingEncoder(redactedKeys: ["token"]).encode(Secret()), as: UTF8.self)
        #expect(text == #"{"token":"<redacted>"}"#)
        #expect(try RedactedPlaceholderDecodingTests.decode(Secret.self, text) == Secret(token: 0))
    }
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
extension Int128 {
    fileprivate func power(_ exponent: Int) -> Int128 { (0..<exponent).reduce(1) { product, _ in product * self } }
}
