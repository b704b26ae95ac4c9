// What the keyboard asks the core to convert: one value per conversion export, mirroring its
// JSON request (docs/FFI.md, "Conversion"). Each is made with what it cannot do without, and
// the options it seldom changes are properties with the core's defaults:
//
//     var request = ConversionRequest("きょうは", context: .text("明日"))
//     request.alternatives = 5
//     engine.convert(request)
//
// The context and the typed words are what the conversion is made after and from; a resize or
// a longer candidate list of that conversion is asked with the same ones.

/// Predictions for what is being composed (`rust_predict`): the words whose reading starts
/// with it, and, with the writer's `typed` words, the foreign forms of the word that is the
/// whole reading (ナターシャ for `наташа`; docs/FFI.md, "The writer's own words").
public struct PredictionRequest: Equatable, Sendable {
    /// The kana composed so far (empty: the words that usually follow `context`).
    public var reading: String
    /// How many predictions.
    public var limit: Int
    /// What stands before the reading.
    public var context: ConversionContext
    /// What the writer typed for the reading.
    public var typed: TypedWords

    /// Up to `limit` predictions for `reading` after `context`, with what was `typed` for it.
    public init(_ reading: String, limit: Int = 9, context: ConversionContext = .none, typed: TypedWords = .none) {
        self.reading = reading
        self.limit = limit
        self.context = context
        self.typed = typed
    }

    var body: ConversionRequestBody.Predict {
        ConversionRequestBody.Predict(reading: reading, limit: limit, context: context.payload, typed: typed.payload)
    }
}

/// A conversion of a reading (`rust_convert`).
public struct ConversionRequest: Equatable, Sendable {
    /// The kana to convert.
    public var reading: String
    /// The lengths (Unicode scalars) of the first segments, pinned as given; the rest is
    /// segmented freely.
    public var fixedSegmentLengths: [Int] = []
    /// Positions inside the reading (Unicode scalars) where a word must end: no dictionary word
    /// spans them (`init(words:)` puts one between each two words). The spaces of `typed` are
    /// sent with them.
    public var wordBoundaries: [Int] = []
    /// Candidates per segment.
    public var candidates = 9
    /// Whole-reading conversions asked for besides the segments (`KanjiConversion.alternatives`).
    public var alternatives = 0
    /// Also match words spelled as a listener writes them (long vowels unmarked, particles as
    /// heard; docs/CONVERSION.md); `false` matches the reading exactly.
    public var matchingHeardSpellings = true
    /// What stands before the reading: the conversion starts from its last word, and it is not
    /// part of the answer.
    public var context: ConversionContext
    /// What the writer typed for parts of the reading: the core then also offers the foreign
    /// words among them.
    public var typed: TypedWords
    /// What the core adds after the words: dates and times (with a clock), emoji.
    public var rewrites = CandidateRewrites()

    /// The conversion of `reading` after `context`, with what was `typed` for it.
    public init(_ reading: String, context: ConversionContext = .none, typed: TypedWords = .none) {
        self.reading = reading
        self.context = context
        self.typed = typed
    }

    /// Words the writer separated (with spaces) converted as one sentence: the reading is the
    /// words joined, without anything between them, and a word boundary falls between each two
    /// (no dictionary word spans it, but with the heard spellings one the writer split where
    /// kanji meet kana: `току ни` 特に). `typed` is placed on the joined reading;
    /// `TypedWords(language:typed:forEachOf:)` makes it word by word.
    public init(words: [String], context: ConversionContext = .none, typed: TypedWords = .none) {
        self.init(words.joined(), context: context, typed: typed)
        wordBoundaries = Self.boundaries(between: words)
    }

    /// Where the words end inside their joined reading (Unicode scalars), the last excepted:
    /// `["わたし", "は"]` → `[3]`. Empty words add nothing.
    static func boundaries(between words: [String]) -> [Int] {
        var boundaries: [Int] = []
        var position = 0
        for word in words where !word.isEmpty {
            if position > 0 { boundaries.append(position) }
            position += word.unicodeScalars.count
        }
        return boundaries
    }

    var body: ConversionRequestBody.Convert {
        ConversionRequestBody.Convert(
            reading: reading, fixed: fixedSegmentLengths, candidates: candidates, alternatives: alternatives,
            heard: matchingHeardSpellings, boundaries: typed.boundaries(adding: wordBoundaries, inReadingOf: reading),
            context: context.payload, typed: typed.payload, clock: rewrites.clockPayload, emoji: rewrites.emojiPayload)
    }
}

/// One segment of a conversion made longer or shorter, the reading converted again
/// (`rust_resize_segment`): the segments before it and the resized one stay fixed.
public struct ResizeRequest: Equatable, Sendable {
    /// The conversion whose segment is resized.
    public var conversion: KanjiConversion
    /// The segment resized, counted from 0.
    public var segment: Int
    /// Characters it gains (> 0) or loses (< 0); it keeps at least one, and at most what is
    /// left of the reading.
    public var delta: Int
    /// Candidates per segment of the new conversion.
    public var candidates = 9
    /// As the conversion was made with.
    public var context: ConversionContext
    /// As the conversion was made with.
    public var typed: TypedWords
    /// As the conversion was made with.
    public var rewrites = CandidateRewrites()

    /// Segment `segment` of `conversion` made longer or shorter by `delta`, converted again
    /// with the `context` and `typed` words the conversion was made with.
    public init(
        segment: Int, of conversion: KanjiConversion, by delta: Int, context: ConversionContext = .none,
        typed: TypedWords = .none
    ) {
        self.conversion = conversion
        self.segment = segment
        self.delta = delta
        self.context = context
        self.typed = typed
    }

    var body: ConversionRequestBody.Resize {
        ConversionRequestBody.Resize(
            reading: conversion.reading, segments: conversion.segmentLengths, index: segment, delta: delta,
            candidates: candidates, alternatives: 0, context: context.payload,
            boundaries: typed.boundaries(inReadingOf: conversion.reading), typed: typed.payload, clock: rewrites.clockPayload, emoji: rewrites.emojiPayload)
    }
}

/// More candidates for one segment of a conversion, its segmentation kept
/// (`rust_segment_candidates`).
public struct SegmentCandidatesRequest: Equatable, Sendable {
    /// The conversion the segment is in.
    public var conversion: KanjiConversion
    /// The segment, counted from 0.
    public var segment: Int
    /// How many candidates.
    public var limit: Int
    /// As the conversion was made with.
    public var context: ConversionContext
    /// As the conversion was made with.
    public var typed: TypedWords
    /// As the conversion was made with.
    public var rewrites = CandidateRewrites()

    /// Up to `limit` candidates for segment `segment` of `conversion`, with the `context` and
    /// `typed` words the conversion was made with.
    public init(
        segment: Int, of conversion: KanjiConversion, limit: Int = 9, context: ConversionContext = .none,
        typed: TypedWords = .none
    ) {
        self.conversion = conversion
        self.segment = segment
        self.limit = limit
        self.context = context
        self.typed = typed
    }

    var body: ConversionRequestBody.SegmentCandidates {
        ConversionRequestBody.SegmentCandidates(
            reading: conversion.reading, segments: conversion.segmentLengths, index: segment, limit: limit,
            context: context.payload, boundaries: typed.boundaries(inReadingOf: conversion.reading), typed: typed.payload, clock: rewrites.clockPayload, emoji: rewrites.emojiPayload)
    }
}
