// The vocabulary of bench/search.ts: everyday Norwegian (Bokmål) and French newsroom words, with
// their diacritics. Norwegian words also join into compounds (påske + trafikk → påsketrafikk), as
// Norwegian does, which gives the long tail of rare words a real archive has.

export const NORWEGIAN = `
nyheter sport vær trafikk påske jul sommer vinter høst vår valg kommune fylke storting regjering
statsminister ordfører politi brann ulykke flom skred snø regn sol vind storm kyst fjord fjell dal
by bygd skole barnehage sykehus lege pasient helse økonomi bank rente skatt budsjett lønn arbeid
streik fabrikk fiske oppdrett laks torsk båt ferje tog buss fly flyplass vei bro tunnel bil
elbil lading strøm kraft vannkraft olje gass klima miljø natur skog dyr ulv elg rein bjørn
fotball håndball langrenn skiskyting hopp alpint sykkel løp maraton friidrett svømming tennis
golf kamp seier tap mål trener spiller lag liga cup finale semifinale turnering mesterskap
kultur musikk konsert festival teater film kino bok forfatter kunst utstilling museum kirke
konge dronning prins prinsesse slott nasjonaldag grunnlov feiring tog flagg russ student
universitet forskning forsker studie rapport undersøkelse måling intervju pressekonferanse
direktør leder styre møte avtale forhandling protest demonstrasjon aksjon opprop dom
rettssak tiltale forsvarer aktor fengsel straff bot tyveri svindel innbrudd ran drap
vitne funn leting redning helikopter ambulanse brannbil mannskap frivillig gave innsamling
morgen kveld natt dag uke måned år tid klokke time minutt direkte sending opptak studio
reporter fotograf kamera mikrofon redaksjon avis radio fjernsyn nettside podkast video bilde
lyd arkiv historie minne jubileum åpning stenging nedleggelse utbygging hytte hus leilighet
bolig pris marked butikk handel mat drikke kaffe fisk kjøtt grønnsak frukt bær eple jordbær
gård bonde traktor høsting korn melk ost smør brød kake vaffel middag frokost lunsj
`;

export const FRENCH = `
actualités sport météo circulation pâques noël été hiver automne printemps élection commune
région assemblée gouvernement ministre maire police pompier accident inondation neige pluie
soleil vent tempête côte montagne vallée ville village école crèche hôpital médecin patient
santé économie banque taux impôt budget salaire travail grève usine pêche bateau train bus
avion aéroport route pont tunnel voiture électricité énergie pétrole climat environnement
nature forêt animal loup ours football rugby cyclisme course marathon natation match victoire
défaite but entraîneur joueur équipe championnat coupe finale tournoi culture musique concert
festival théâtre cinéma livre auteur art exposition musée église château fête drapeau
université recherche chercheur étude rapport enquête sondage entretien conférence directeur
réunion accord négociation manifestation procès tribunal prison peine vol fraude cambriolage
témoin sauvetage hélicoptère ambulance bénévole don collecte matin soir nuit jour semaine
mois année heure minute direct émission enregistrement studio journaliste photographe caméra
rédaction journal radio télévision site podcast vidéo image son archive histoire mémoire
anniversaire ouverture fermeture maison appartement logement prix marché boutique commerce
nourriture boisson café poisson viande légume fruit pomme fraise ferme agriculteur tracteur
récolte blé lait fromage beurre pain gâteau crêpe dîner déjeuner petit fête réveillon élan
`;

export const words = (list: string): string[] => list.split(/\s+/).filter(Boolean);
