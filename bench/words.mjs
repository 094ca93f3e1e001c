// Word lists for the generated titles, bodies and names (bench/generate.mjs). Lower case letters only
// (places and hosts aside), at least three letters, and no word in both nouns and topics: community
// names are made from those two lists and must be unique.

export const nouns = (
  'bike router garden kitchen laptop camera guitar keyboard battery engine compiler library bridge ' +
  'station printer monitor phone kettle oven bread recipe novel album concert festival museum ' +
  'harbor mountain river forest lake island village market tram train ferry airport stadium school ' +
  'teacher student landlord neighbor plumber doctor vet puppy kitten parrot aquarium greenhouse ' +
  'tomato pepper mushroom coffee teapot sourdough pasta soup jacket boots tent backpack kayak canoe ' +
  'telescope drone server database script editor terminal kernel driver firmware console controller ' +
  'headset speaker amplifier synth piano violin drum painting sketch poster comic podcast ' +
  'newsletter budget mortgage pension invoice contract interview resume salary office desk chair ' +
  'lamp window roof boiler heater fridge washer sofa'
).split(' ');

export const adjectives = (
  'cheap expensive tiny huge quiet noisy reliable broken vintage modern simple clever strange ' +
  'beautiful ugly fast slow heavy light portable homemade secondhand refurbished underrated ' +
  'overrated popular obscure local foreign ancient wooden metal plastic electric manual automatic ' +
  'open proprietary free premium durable fragile compact spacious cozy chilly sunny rainy windy ' +
  'muddy green blue red golden silver rusty shiny dusty fresh stale'
).split(' ');

export const verbs = (
  'fix build repair clean paint replace upgrade install configure debug cook bake grow plant prune ' +
  'sell buy rent borrow lend learn teach practice record mix edit translate measure sharpen restore ' +
  'insulate waterproof organize label recycle compost ferment brew roast grill photograph map ' +
  'explore visit climb paddle cycle hike camp sail'
).split(' ');

export const topics = (
  'linux rust python gardening cycling photography woodworking baking chess astronomy birdwatching ' +
  'knitting pottery hiking climbing sailing running swimming football cricket history geography ' +
  'economics philosophy linguistics mathematics physics chemistry biology geology cooking ' +
  'homebrewing coffeegeeks vinyl synthesizers retrogaming boardgames tabletop anime cinema ' +
  'typography architecture urbanism transit aviation railways motorcycles electronics robotics ' +
  'selfhosted'
).split(' ');

export const places = (
  'Lisbon,Porto,Berlin,Hamburg,Vienna,Prague,Krakow,Oslo,Bergen,Helsinki,Tallinn,Riga,Dublin,Cork,' +
  'Glasgow,Leeds,Lyon,Marseille,Turin,Naples,Seville,Valencia,Athens,Istanbul,Tbilisi,Montreal,' +
  'Toronto,Portland,Chicago,Austin,Mexico City,Bogota,Lima,Santiago,Cape Town,Nairobi,Kyoto,Osaka,' +
  'Seoul,Taipei'
).split(',');

export const hosts = (
  'en.wikipedia.org github.com www.theguardian.com www.bbc.co.uk arstechnica.com lwn.net ' +
  'www.nytimes.com www.reuters.com apnews.com www.nature.com www.youtube.com vimeo.com medium.com ' +
  'substack.com blog.rust-lang.org www.python.org news.ycombinator.com www.npr.org ' +
  'www.economist.com www.smithsonianmag.com www.atlasobscura.com www.seriouseats.com ' +
  'www.bikeradar.com petapixel.com www.quantamagazine.org phys.org www.openstreetmap.org ' +
  'archive.org www.gutenberg.org www.flickr.com'
).split(' ');
